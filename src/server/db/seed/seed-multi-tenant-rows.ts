import { type SQL, sql } from "drizzle-orm";
import { SCALE_FIRST_NAMES, SCALE_LAST_NAMES, SCALE_MUNICIPALITIES, SCALE_STREETS } from "./scale-names.ts";
import { uuidOf } from "./scale-sql.ts";
import {
  CLAIM_POSITION,
  MULTI_TENANT_DOMAIN,
  type MultiTenantSizes,
  OWN_SHARE_POSITION,
  pick,
  type Step,
  TODAY,
} from "./seed-multi-tenant-plan.ts";

/**
 * The multi-tenant scale seed's rows (seed-multi-tenant-scale.ts tells the whole): each table is one
 * INSERT ... SELECT from the plan's temporary tables.
 */

/** Groups, companies, their units, the employees with their logins and profiles, and each group's admins. */
export async function people(passwordHash: string | null, step: Step): Promise<void> {
  // The leases need a leasing company; a database without the demo's gets one.
  await step(
    "companies",
    sql`insert into leasing_companies (id, company_name, created_at, updated_at)
      select ${uuidOf("mt-leasing-company-", sql`1`)}, 'Grenkeleasing Oy', ${TODAY}, ${TODAY}
      where not exists (select 1 from leasing_companies)`,
  );
  await step(
    "group_companies",
    sql`insert into group_companies (id, name, business_id, created_at, updated_at)
      select id, name, business_id, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years' from mt_group`,
  );
  await step(
    "companies",
    sql`insert into companies (id, name, business_id, group_company_id, max_price_cents, payment_mode,
        leasing_company_id, street_address, postal_code, city, billing_email, contact_name, contact_email,
        contact_phone_number, created_at, updated_at)
      select k.id, k.name, k.business_id, gr.id, 300000 + (k.c % 5) * 50000,
        (case k.c % 3 when 0 then 'PAYROLL' when 1 then 'BATCH' else 'ALL' end)::payment_mode,
        (select id from leasing_companies order by (company_name = 'Grenkeleasing Oy') desc, company_name, id limit 1),
        ${pick(SCALE_STREETS, sql`k.c`)} || ' ' || (1 + k.c % 40), k.postal_code, k.city,
        'laskutus@' || k.slug, ${pick(SCALE_FIRST_NAMES, sql`k.c * 3`)} || ' ' || ${pick(SCALE_LAST_NAMES, sql`k.c * 7`)},
        'henkilosto@' || k.slug, '+35810' || lpad(k.c::text, 7, '0'),
        ${TODAY} - interval '4 years' + make_interval(days => k.c % 300), ${TODAY} - interval '4 years' + make_interval(days => k.c % 300)
      from mt_company k join mt_group gr on gr.g = k.g`,
  );
  // Three units (toimipisteet) each, named after municipalities.
  await step(
    "company_units",
    sql`insert into company_units (id, company_id, unit_name, created_at, updated_at)
      select ${uuidOf("mt-unit-", sql`k.c || '.' || u.n`)}, k.id,
        ${pick(
          SCALE_MUNICIPALITIES.map(([name]) => name),
          sql`k.c + 7 * u.n`,
        )}, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_company k cross join generate_series(0, 2) as u(n)`,
  );
  const first = pick(SCALE_FIRST_NAMES, sql`m.e * 7`);
  const last = pick(SCALE_LAST_NAMES, sql`m.e * 13`);
  const ascii = (s: SQL) => sql`translate(lower(${s}), 'äöå', 'aoa')`;
  const joined = sql`(${TODAY} - make_interval(days => 1100 + m.e % 300))`;
  await step(
    "users",
    sql`insert into users (id, email, password_hash, phone_number, phone_verified_at, language, created_at, updated_at)
      select ${uuidOf("mt-user-", sql`m.e`)}, ${ascii(first)} || '.' || ${ascii(last)} || '.' || m.e || '@' || k.slug,
        null, '+35840' || lpad(m.e::text, 7, '0'), ${joined},
        (case m.e % 20 when 0 then 'sv' when 1 then 'en' else 'fi' end)::language, ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "system_users",
    sql`insert into system_users (id, user_id, first_name, last_name, company_id, created_at, updated_at)
      select ${uuidOf("mt-profile-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)}, ${first}, ${last}, k.id, ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "user_roles",
    sql`insert into user_roles (id, user_id, role_id, company_id, created_at)
      select ${uuidOf("mt-user-role-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)},
        (select id from roles where name = 'BIKE_BENEFICIARY'), k.id, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  await step(
    "beneficiary_employees",
    sql`insert into beneficiary_employees (id, user_id, company_id, unit_id, cost_unit, employee_number,
        pay_roll_other, status, decided_at, created_at, updated_at)
      select ${uuidOf("mt-employee-", sql`m.e`)}, ${uuidOf("mt-user-", sql`m.e`)}, k.id,
        ${uuidOf("mt-unit-", sql`k.c || '.' || (m.p % 3)`)}, (1000 + 100 * (m.e % 7))::text, 'T' || lpad(m.p::text, 5, '0'),
        case when m.e % 4 = 0 then 'Tuntipalkka' else null end, 'ACCEPTED', ${joined} + interval '1 day',
        ${joined}, ${joined}
      from mt_employee m join mt_company k on k.c = m.c`,
  );
  // Each group's admins: the group admin sees the whole group, the employer admin its first company.
  const admins = sql`(values ('konserni', 'EMPLOYER_GROUP_ADMIN', 'Konserni'), ('tyonantaja', 'EMPLOYER_ADMIN', 'Työnantaja'))
    as a(kind, role, title)`;
  const adminId = sql`${uuidOf("mt-admin-", sql`a.kind || '.' || gr.g`)}`;
  const firstCompany = sql`(select k.id from mt_company k where k.c = gr.g)`;
  await step(
    "users",
    sql`insert into users (id, email, password_hash, phone_number, phone_verified_at, language, created_at, updated_at)
      select ${adminId}, a.kind || '.' || gr.g || '@' || ${MULTI_TENANT_DOMAIN}::text, ${passwordHash}::text,
        '+35850' || (case a.kind when 'konserni' then '1' else '2' end) || lpad(gr.g::text, 6, '0'),
        ${TODAY} - interval '4 years', 'fi', ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
  await step(
    "system_users",
    sql`insert into system_users (id, user_id, first_name, last_name, company_id, created_at, updated_at)
      select ${uuidOf("mt-admin-profile-", sql`a.kind || '.' || gr.g`)}, ${adminId},
        ${pick(SCALE_FIRST_NAMES, sql`gr.g * 5 + (case a.kind when 'konserni' then 0 else 1 end)`)},
        ${pick(SCALE_LAST_NAMES, sql`gr.g * 11 + (case a.kind when 'konserni' then 0 else 3 end)`)},
        ${firstCompany}, ${TODAY} - interval '4 years', ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
  await step(
    "user_roles",
    sql`insert into user_roles (id, user_id, role_id, company_id, created_at)
      select ${uuidOf("mt-admin-role-", sql`a.kind || '.' || gr.g`)}, ${adminId},
        (select id from roles where name = a.role), ${firstCompany}, ${TODAY} - interval '4 years'
      from mt_group gr cross join ${admins}`,
  );
}

/** One order's id, and its employee's user and employment. */
const orderId = sql`${uuidOf("mt-order-", sql`m.o`)}`;
const leaseId = sql`${uuidOf("mt-lease-", sql`m.o`)}`;
const employeeId = sql`${uuidOf("mt-employee-", sql`m.e`)}`;
const userId = sql`${uuidOf("mt-user-", sql`m.e`)}`;
/** The moment an order reached step n (a few days per step after it started). */
const at = (n: number | SQL) => sql`(m.created + make_interval(days => 3 * (${n})))`;
const price = sql`(150000 + ((m.o * 7) % 40) * 5000)`;
const ownShare = sql`(case when m.leased and (m.p = ${OWN_SHARE_POSITION} and m.kind = 'showcase' or m.o % 15 = 0)
  then 15000 + (m.o % 20) * 1000 else 0 end)`;
const ending = sql`((date_trunc('month', m.created) + make_interval(months => 1 + m.months))::date)`;

export async function ordersAndLeases(step: Step): Promise<void> {
  const stores = sql`(array(select id from bike_stores order by store_name, id))`;
  await step(
    "orders",
    sql`insert into orders (id, beneficiary_employee_id, company_id, bike_store_id, leasing_company_id,
        order_status, previous_status, is_online_order, is_order_confirmed, bike_store_order_number, external_order_id,
        order_paid_date, delivery_method, delivery_street_address, delivery_postal_code, delivery_city,
        total_price_cents, vat_percent, lease_time_months, monthly_payment_cents, residual_value_cents,
        frame_serial_number, delivery_date, user_payment_cents, customer_comment, confirmed_at, processed_at,
        cancelled_at, created_at, updated_at)
      select ${orderId}, ${employeeId}, k.id,
        case when m.step >= 2 and m.status <> 'WIX' then (${stores})[1 + m.o % greatest(1, cardinality(${stores}))] end,
        case when m.step >= 3 then co.leasing_company_id end,
        m.status, m.previous, m.status = 'WIX', m.step >= 4,
        case when m.step >= 5 then 'MT-' || m.o end, case when m.status = 'WIX' then 'wix-mt-' || m.o end,
        case when m.step >= 9 then ${at(9)}::date end,
        (case when m.o % 4 = 0 then 'HOME_DELIVERY' else 'PICKUP' end)::delivery_method,
        case when m.o % 4 = 0 then ${pick(SCALE_STREETS, sql`m.o`)} || ' ' || (1 + m.o % 60) end,
        case when m.o % 4 = 0 then k.postal_code end, case when m.o % 4 = 0 then k.city end,
        case when m.step >= 2 then ${price} else 0 end, 25.5, m.months,
        case when m.step >= 2 then round(${price} * 1.12 / m.months)::int end,
        case when m.step >= 2 then round(${price} * 0.1)::int end,
        case when m.step >= 7 then 'WTU' || lpad(m.o::text, 8, '0') end,
        case when m.step >= 8 then ${at(8)}::date end,
        ${ownShare},
        case when m.status = 'WAITING_FOR_CUSTOMER_COMMENT' then 'Pyörän koko tarkistettava: toimitetaanko 54 cm runko?' end,
        case when m.step >= 4 then ${at(4)} end, case when m.step >= 5 then ${at(5)} end,
        case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} end,
        m.created, case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} else ${at(sql`m.step`)} end
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id`,
  );
  // The agreement: signed by the employee when they accepted the package, accepted by the leasing
  // company once processed; a running lease has its term, from the month after delivery.
  await step(
    "leasing_agreements",
    sql`insert into leasing_agreements (id, order_id, beneficiary_employee_id, company_id, leasing_company_id,
        status, agreement_number, lease_time_months, monthly_payment_cents, total_price_cents, residual_value_cents,
        commitment_date, start_date, end_date, signed_at, accepted_at, created_at, updated_at)
      select ${leaseId}, ${orderId}, ${employeeId}, k.id, co.leasing_company_id,
        (case when m.step >= 5 then 'ACCEPTED' else 'SIGNED' end)::leasing_agreement_status,
        case when m.step >= 5 then 'MT-' || lpad(m.o::text, 9, '0') end, m.months,
        round(${price} * 1.12 / m.months)::int, ${price}, round(${price} * 0.1)::int,
        case when m.step >= 4 then ${at(4)}::date end,
        case when m.status = 'ACTIVE_LEASING' then (date_trunc('month', m.created) + interval '1 month')::date end,
        case when m.status = 'ACTIVE_LEASING' then ${ending} end,
        ${at(3)}, case when m.step >= 5 then ${at(5)} end, ${at(3)}, ${at(sql`least(m.step, 5)`)}
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id
      where m.leased`,
  );
  await step(
    "signed_documents",
    sql`insert into signed_documents (id, beneficiary_employee_id, leasing_agreement_id, company_id, payment_status,
        leasing_sign_date, signed_by_user_id, signed_at, signer_ip, signer_user_agent, document_sha256, created_at, updated_at)
      select ${uuidOf("mt-signed-", sql`m.o`)}, ${employeeId}, ${leaseId}, k.id,
        (case when m.status = 'ACTIVE_LEASING' then 'PAID' else 'PENDING' end)::payment_status,
        ${at(3)}::date, ${userId}, ${at(3)}, '10.' || (m.o / 65536) % 256 || '.' || (m.o / 256) % 256 || '.' || m.o % 256,
        case when m.o % 3 = 0 then 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1'
          else 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36' end,
        encode(sha256(convert_to('mt-signed-' || m.o, 'UTF8')), 'hex'), ${at(3)}, ${at(3)}
      from mt_order m join mt_company k on k.c = m.c
      where m.leased`,
  );
}

/**
 * After the sale, at the shares a few years of real use leave, and in every company (its showcase):
 * a cancellation for every cancelled or refunded order and an open one for some orders just begun, an
 * insurance claim for one running lease in thirty, a redemption case for every lease ending within
 * 75 days (with the price's payment once the employee chose to redeem), and the employee's own
 * payments: shares above the max price, and redemption prices paid in batches.
 */
export async function afterSales(step: Step): Promise<void> {
  const three = (i: SQL) =>
    sql`(case (${i}) % 3 when 0 then 'PENDING' when 1 then 'COMPLETED' else 'CANCELLED' end)`;
  await step(
    "order_cancellations",
    sql`insert into order_cancellations (id, order_id, company_id, status, reason, refund_amount_cents, payer_type,
        refund_to_type, requested_by, order_status_at_request, completed_at, created_at, updated_at)
      select ${uuidOf("mt-cancellation-", sql`m.o`)}, ${orderId}, k.id,
        (case when m.status in ('CANCELLED', 'REFUNDED') then 'COMPLETED' else 'PENDING' end)::order_cancellation_status,
        ${pick(
          [
            "Työsuhde päättyy ennen toimitusta",
            "Työntekijä valitsi toisen pyörän",
            "Toimitusaika liian pitkä",
            "Muutto toiselle paikkakunnalle",
          ],
          sql`m.o`,
        )},
        case when m.status = 'REFUNDED' then round(${price} * 0.1)::int else 0 end,
        (case when m.status = 'REFUNDED' then 'BIKE_STORE' end)::payer_type,
        (case when m.status = 'REFUNDED' then 'PEDAALI' end)::payer_type,
        (case m.o % 3 when 0 then 'EMPLOYEE' when 1 then 'EMPLOYER' else 'HELPDESK' end)::order_cancellation_requester,
        (case when m.status = 'REFUNDED' then 'GRENKE_INVOICE_SENT' when m.status = 'CANCELLED' then 'PACKAGE_PROVIDED'
          else m.status::text end)::order_status,
        case when m.status in ('CANCELLED', 'REFUNDED') then ${at(sql`m.step + 1`)} end,
        ${at(sql`m.step`)}, ${at(sql`m.step + 1`)}
      from mt_order m join mt_company k on k.c = m.c
      where m.status in ('CANCELLED', 'REFUNDED')
        or (m.status in ('PENDING', 'PACKAGE_PROVIDED') and (m.kind = 'showcase' or m.o % 4 = 0))`,
  );
  const claimed = sql`m.status = 'ACTIVE_LEASING' and (m.kind = 'showcase' and m.p = ${CLAIM_POSITION} or m.kind <> 'showcase' and m.o % 30 = 7)`;
  const claimAt = sql`(${TODAY} - make_interval(days => 3 + (m.o * 11) % 150))`;
  await step(
    "insurance_claims",
    sql`insert into insurance_claims (id, beneficiary_employee_id, company_id, order_id, type, status, outcome,
        incident_date, description, police_report_number, repair_cost_cents, deductible_cents, reported_by_user_id,
        completed_at, created_at, updated_at)
      select ${uuidOf("mt-claim-", sql`m.o`)}, ${employeeId}, k.id, ${orderId},
        (case when m.o % 4 = 3 then 'THEFT' else 'DAMAGE' end)::insurance_claim_type,
        (case when m.kind = 'showcase' then 'PENDING' else ${three(sql`m.o / 30`)} end)::simple_state,
        (case when m.kind <> 'showcase' and (m.o / 30) % 3 = 1 then case when m.o % 4 = 3 then 'NEW_BIKE' else 'REPAIR' end end)::insurance_claim_outcome,
        (${claimAt} - interval '2 days')::date,
        case when m.o % 4 = 3 then 'Pyörä varastettiin lukittuna kerrostalon pyörävarastosta.'
          else 'Kaatuminen liukkaalla kelillä: takavaihtaja ja vaihteenkorvake vääntyivät.' end,
        case when m.o % 4 = 3 then '5500/R/' || (10000 + m.o) || '/26' end,
        case when m.o % 4 <> 3 then 18000 + (m.o % 30) * 1000 end, 15000, ${userId},
        case when m.kind <> 'showcase' and (m.o / 30) % 3 = 1 then ${claimAt} + interval '14 days' end,
        ${claimAt}, ${claimAt}
      from mt_order m join mt_company k on k.c = m.c
      where ${claimed}`,
  );
  // The redemption offer goes out 75 days before the lease's last month ends: the leases ending within
  // that have their case open (or done).
  const redeemed = sql`m.status = 'ACTIVE_LEASING' and ${ending} <= (${TODAY} + interval '75 days')::date`;
  const opened = sql`(${ending} - interval '75 days')`;
  const done = sql`(m.kind <> 'showcase' and ${ending} <= (${TODAY} + interval '1 month')::date)`;
  const choice = sql`(case when m.kind = 'showcase' then 'REDEEM' else (array['REDEEM', 'REDEEM', 'RETURN', 'BROKERAGE', 'TRANSFER', 'CONTINUE'])[1 + (m.o / 12) % 6] end)`;
  // The employee has chosen (always once the case is done; on two open cases in three).
  const chosen = sql`(m.kind = 'showcase' or ${done} or (m.o / 12) % 3 <> 0)`;
  await step(
    "bike_redemptions",
    sql`insert into bike_redemptions (id, order_id, beneficiary_employee_id, company_id, leasing_agreement_id, status,
        reason, choice, choice_made_at, choice_by_user_id, decision_deadline, lease_ends_on, payment_method,
        redemption_price_cents, vat_percent, user_payment_sent_at, user_payment_paid_at, completed_at, created_at, updated_at)
      select ${uuidOf("mt-redemption-", sql`m.o`)}, ${orderId}, ${employeeId}, k.id, ${leaseId},
        (case when ${done} then 'COMPLETED' else 'PENDING' end)::simple_state, 'LEASE_TERM_ENDS',
        case when ${chosen} then ${choice}::lease_end_choice end,
        case when ${chosen} then least(${opened} + interval '20 days', ${TODAY}) end,
        case when ${chosen} then ${userId} end,
        (${ending} - interval '14 days')::date, ${ending},
        (case when co.payment_mode = 'BATCH' or co.payment_mode = 'ALL' and m.o % 2 = 0 then 'BATCH' else 'PAYROLL' end)::payment_method,
        round(${price} * 0.1)::int, 25.5,
        case when ${done} and ${choice} = 'REDEEM' then least(${opened} + interval '25 days', ${TODAY}) end,
        case when ${done} and ${choice} = 'REDEEM' then least(${opened} + interval '40 days', ${TODAY}) end,
        case when ${done} then least(${opened} + interval '45 days', ${TODAY}) end,
        least(${opened}, ${TODAY}), least(${opened} + interval '20 days', ${TODAY})
      from mt_order m join mt_company k on k.c = m.c join companies co on co.id = k.id
      where ${redeemed}`,
  );
  await step(
    "redemption_payments",
    sql`insert into redemption_payments (id, bike_redemption_id, company_id, status, payer_type, amount_cents,
        reference_number, due_date, paid_at, created_at, updated_at)
      select ${uuidOf("mt-redemption-payment-", sql`m.o`)}, r.id, r.company_id,
        (case when r.status = 'COMPLETED' then 'PAID' else 'PENDING' end)::payment_status, 'EMPLOYEE', r.redemption_price_cents,
        '2' || lpad(m.o::text, 9, '0'), r.decision_deadline, r.user_payment_paid_at, r.created_at, r.updated_at
      from mt_order m join bike_redemptions r on r.id = ${uuidOf("mt-redemption-", sql`m.o`)}
      where r.choice = 'REDEEM'`,
  );
  const sent = sql`(m.o % 3 <> 0)`;
  const paid = sql`(m.o % 3 = 2)`;
  await step(
    "user_payments",
    sql`insert into user_payments (id, beneficiary_employee_id, company_id, order_id, kind, description, amount_cents,
        payment_method, payment_status, reference_number, due_date, sent_at, paid_at, is_user_payment_done, created_at, updated_at)
      select ${uuidOf("mt-own-share-", sql`m.o`)}, ${employeeId}, k.id, ${orderId}, 'OWN_SHARE',
        'Enimmäishinnan ylittävä osuus', ${ownShare},
        (case when m.o % 2 = 0 then 'BATCH' else 'PAYROLL' end)::payment_method,
        (case when ${paid} then 'PAID' else 'PENDING' end)::payment_status, '1' || lpad(m.o::text, 9, '0'),
        (${at(5)} + interval '14 days')::date, case when ${sent} then ${at(4)} end, case when ${paid} then ${at(5)} end,
        ${paid}, ${at(4)}, ${at(sql`least(m.step, 5)`)}
      from mt_order m join mt_company k on k.c = m.c
      -- Owed from the order's confirmation: an order accepted but not confirmed has none yet.
      where ${ownShare} > 0 and m.step >= 4`,
  );
  await step(
    "user_payments",
    sql`insert into user_payments (id, beneficiary_employee_id, company_id, order_id, bike_redemption_id, kind, description,
        amount_cents, payment_method, payment_status, reference_number, due_date, sent_at, paid_at, is_user_payment_done,
        created_at, updated_at)
      select ${uuidOf("mt-redemption-user-payment-", sql`m.o`)}, r.beneficiary_employee_id, r.company_id, r.order_id, r.id,
        'REDEMPTION', 'Pyörän lunastushinta', r.redemption_price_cents, 'BATCH',
        (case when r.user_payment_paid_at is not null then 'PAID' else 'PENDING' end)::payment_status,
        '3' || lpad(m.o::text, 9, '0'), r.decision_deadline, coalesce(r.user_payment_sent_at, r.choice_made_at),
        r.user_payment_paid_at, r.user_payment_paid_at is not null, r.created_at, r.updated_at
      from mt_order m join bike_redemptions r on r.id = ${uuidOf("mt-redemption-", sql`m.o`)}
      where r.choice = 'REDEEM' and r.payment_method = 'BATCH'`,
  );
}

const NOTIFICATIONS: readonly [string, string, string][] = [
  [
    "ORDER_STATUS_CHANGE",
    "Tilauksesi eteni",
    "Työsuhdepyörätilauksesi tila on päivittynyt. Katso tilauksen tiedot.",
  ],
  ["EMPLOYEE_ORDER", "Uusi työsuhdepyörän tilaus", "Työntekijä aloitti tilauksen pyöräliikkeessä."],
  ["PAYMENT_REMINDER", "Maksumuistutus", "Sinulla on avoin maksu. Eräpäivä lähestyy."],
  [
    "SYSTEM_UPDATE",
    "Palvelu päivittyy",
    "Pedaali on käyttökatkossa sunnuntaina klo 6–7 huoltotöiden vuoksi.",
  ],
  [
    "GENERAL",
    "Pyöräkausi alkaa",
    "Muista kevään huolto: sopimukseesi sisältyy yksi ilmainen huolto vuodessa.",
  ],
  [
    "EMPLOYEE_REGISTRATION",
    "Uusi työntekijä odottaa hyväksyntää",
    "Työntekijä rekisteröityi yrityksen rekisteröintilinkillä ja odottaa hyväksyntääsi.",
  ],
];

/**
 * The bell: notifications for the employees, and one in ten for their group's employer admin. The
 * event log: about seven rows per order, its steps from the start on (a row past the order's own
 * step records a status update), by the employee, the employer admin or the system.
 */
export async function bellAndLog(sizes: MultiTenantSizes, step: Step): Promise<void> {
  const type = pick(
    NOTIFICATIONS.map(([t]) => t),
    sql`n.n`,
  );
  const created = sql`(${TODAY} - make_interval(days => (n.n * 7) % 400, mins => n.n % 1440))`;
  await step(
    "notifications",
    sql`insert into notifications (id, user_id, company_id, type, priority, title, message, read, read_at,
        entity_type, entity_id, created_at)
      select ${uuidOf("mt-notification-", sql`n.n`)},
        case when n.n % 10 = 0 then ${uuidOf("mt-admin-", sql`'tyonantaja.' || m.g`)} else ${userId} end,
        k.id, ${type}::notification_type,
        (case when n.n % 6 = 2 then 'HIGH' when n.n % 6 = 3 then 'LOW' else 'NORMAL' end)::notification_priority,
        ${pick(
          NOTIFICATIONS.map(([, title]) => title),
          sql`n.n`,
        )}, ${pick(
          NOTIFICATIONS.map(([, , message]) => message),
          sql`n.n`,
        )},
        n.n % 10 < 7, case when n.n % 10 < 7 then ${created} + interval '3 hours' end,
        case when n.n % 6 in (0, 1) then 'order' end, case when n.n % 6 in (0, 1) then ${uuidOf("mt-order-", sql`o.o`)} end,
        ${created}
      from generate_series(1, ${sizes.notifications}::int) as n(n)
        join mt_employee m on m.e = 1 + (n.n - 1) % ${sizes.employees}
        join mt_company k on k.c = m.c
        join mt_order o on o.e = m.e and o.gen = 1`,
  );
  const STEP_EVENTS = [
    "ORDER_STATUS_UPDATED",
    "LEASING_AGREEMENT_SIGNED",
    "ORDER_CONFIRMED",
    "ORDER_PROCESSED",
    "DELIVERY_DATE_UPDATED",
    "ORDER_GRENKE_INVOICE_SENT",
    "LEASING_STARTED",
  ];
  // The step of the order's life an event is, and the status it needed to reach to have it (an order
  // without an agreement has status updates only after its package).
  const reached = [0, 3, 4, 5, 8, 9, 10];
  const s = sql`(((v.v - 1) / ${sizes.orders}) % ${STEP_EVENTS.length})`;
  const lease = sql`(m.type in ('LEASING_AGREEMENT_SIGNED', 'LEASING_STARTED'))`;
  // The inner query works out each row's type once (offset 0 keeps the planner from inlining it into
  // every use below).
  await step(
    "event_log",
    sql`insert into event_log (id, type, actor_user_id, company_id, entity_type, entity_id, data, created_at)
      select ${uuidOf("mt-event-", sql`m.v`)}, m.type::event_type,
        case m.type when 'LEASING_AGREEMENT_SIGNED' then ${userId}
          when 'ORDER_CONFIRMED' then ${uuidOf("mt-admin-", sql`'tyonantaja.' || m.g`)} end,
        k.id, case when ${lease} then 'leasingAgreement' else 'order' end,
        case when ${lease} then ${leaseId} else ${orderId} end,
        case when m.type = 'ORDER_STATUS_UPDATED' then jsonb_build_object('status', m.status) else '{}'::jsonb end,
        least(${at(sql`m.s`)} + make_interval(secs => m.v % 3600), ${TODAY})
      from (
        select v.v, o.o, o.e, o.g, o.c, o.status, o.created, ${s} as s,
          case when (case when o.leased then o.step else least(o.step, 2) end)
              >= (array[${sql.raw(reached.join(","))}])[1 + ${s}]
            then ${pick(STEP_EVENTS, s)} else 'ORDER_STATUS_UPDATED' end as type
        from generate_series(1, ${sizes.events}::int) as v(v)
          join mt_order o on o.o = 1 + (v.v - 1) % ${sizes.orders}
        offset 0
      ) m join mt_company k on k.c = m.c`,
  );
}
