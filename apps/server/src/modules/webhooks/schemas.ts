import { Type } from '@sinclair/typebox';
import { Id, Nullable } from '../../core/http/input-schemas.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2000,
  description: 'Where deliveries are POSTed: http or https',
});
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  maxItems: 200,
  description:
    'Event names (GET /api/webhooks/events), `<resource>.*` for all of one resource (`post.*`), or `*`',
});
const Secret = Type.String({
  minLength: 16,
  maxLength: 200,
  description: 'The HMAC key; generated when not given. Answered once, never shown again',
});

export const WebhookParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const DeliveryParams = Type.Object(
  {
    id: Id(),
    deliveryId: Id(),
  },
  { additionalProperties: false },
);

export const WebhookCreateBody = Type.Object(
  {
    url: Url,
    events: Events,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    active: Type.Optional(Type.Boolean()),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false },
);

export const WebhookUpdateBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    active: Type.Optional(Type.Boolean()),
    secret: Type.Optional(Secret),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const WebhookSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  secret: Type.Optional(Type.String({ description: 'Only in the answer that set it' })),
});

export const WebhookEventSchema = Type.Object({ name: Type.String(), description: Type.String() });

export const DeliverySchema = Type.Object({
  id: Type.Integer(),
  delivery_id: Type.String({ description: 'The X-Tessera-Delivery header, the same on every attempt' }),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Array(
    Type.Object({
      attempt: Type.Integer(),
      status_code: Nullable(Type.Integer()),
      duration_ms: Type.Integer(),
      error: Nullable(Type.String()),
      response: Nullable(Type.String({ description: "The beginning of the receiver's answer" })),
      at: Type.String({ format: 'date-time' }),
    }),
  ),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  created_at: Type.String({ format: 'date-time' }),
  body: Type.String({ description: 'The exact JSON sent' }),
});
