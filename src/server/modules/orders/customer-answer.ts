import { eq } from "drizzle-orm";
import type { TCustomerAnswer, TOrderDetails } from "../../../contract/orders.ts";
import { CUSTOMER_COMMENT_STATUS } from "../../../domain/order-state-machine.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { orders } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { orderTransitionNotAllowed } from "./errors.ts";
import { asOrderUser } from "./lifecycle.ts";
import { asEmployee, ownOrderOf } from "./queries.ts";
import { createOrdersService } from "./service.ts";

/**
 * The employee's answer to the question the helpdesk asked of their order (POST
 * /api/orders/{orderId}/answer). The answer is an event row of the order (ORDER_CUSTOMER_ANSWERED, its
 * words in the row), so it shows on the order's timeline for the helpdesk and the employee. The order
 * stays where it is: the helpdesk asked because it needs something before the order goes on, and
 * reading the answer it decides where the order goes (back to its step, another question, a special
 * case); until then the answered order waits for the helpdesk and counts in its task strip.
 */
export function createCustomerAnswerService(ctx: AppContext) {
  const { db } = ctx.database;
  const read = createOrdersService(ctx);

  return {
    /** 404 for another's order; 409 when the order does not wait for an answer or has one already. */
    async answer(user: CurrentUser, orderId: string, body: TCustomerAnswer): Promise<TOrderDetails> {
      const companyId = await write(db, { actor: asOrderUser(user) }, async (w) => {
        const order = await ownOrderOf(w.tx, user, orderId, true);
        if (order.orderStatus !== CUSTOMER_COMMENT_STATUS || order.customerAnsweredAt)
          throw orderTransitionNotAllowed("The order does not wait for the employee's answer");
        await w.tx
          .update(orders)
          .set({ customerAnsweredAt: w.now, updatedAt: w.now })
          .where(eq(orders.id, orderId));
        await recordEvent(w, {
          type: "ORDER_CUSTOMER_ANSWERED",
          entity: { type: "order", id: orderId },
          companyId: order.companyId,
          data: { answer: body.answer },
        });
        return order.companyId;
      });
      return read.details(user, orderId, asEmployee(companyId));
    },
  };
}
