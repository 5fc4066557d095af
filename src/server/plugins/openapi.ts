import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/json, a UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Pedaali API",
        description:
          "The API of Pedaali, the employee bicycle benefit platform. Errors answer `{ statusCode, code, message, details? }`.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: {
          accessToken: { type: "apiKey", in: "cookie", name: "accessToken" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });
}
