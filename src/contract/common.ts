import Type, { type Static, type TSchema } from 'typebox';

/**
 * Building blocks of the wire format. Every object schema lists all its keys: the server's serializer
 * drops the ones a schema does not name. Open-ended parts (WebAuthn options, maps) are records.
 */

/** `{code, error}`: every refusal (`code` is one of ERROR_CODES). */
export const ErrorBody = Type.Object(
  {
    code: Type.String({ description: 'Machine-readable code, e.g. `invalid_request`' }),
    error: Type.String({ description: 'Readable message' }),
  },
  { description: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/**
 * `403 origin_not_allowed` on the app-info call from a page outside the app's auth_origin: readable by
 * that page (the only refusal that is), so the elements can name both origins (docs/server/auth-api.md).
 */
export const OriginRefusalBody = Type.Object(
  {
    ...ErrorBody.properties,
    origin: Type.String({ description: "The request's Origin: the page's origin" }),
    auth_origin: Type.String({ description: "The app's auth_origin, the only origin its API answers" }),
  },
  { description: 'Error: the page is not on the app’s auth_origin' },
);
export type OriginRefusalBody = Static<typeof OriginRefusalBody>;

/** A value or JSON null (a type list, which the serializer checks cheaply). */
export function orNull<T extends TSchema>(schema: T) {
  const { type } = schema as { type?: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type ?? 'object', 'null'] });
}

/** One of a few strings (`{type: 'string', enum}`: cheap for the serializer, unlike a union). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Anything JSON: the serializer passes it through as it is. */
export const AnyObject = Type.Record(Type.String(), Type.Unknown());
export const Timestamp = Type.String({ description: 'RFC 3339' });
export const EmptyBody = Type.Object({}, { description: 'Empty JSON object' });
/** The body of a call that takes none: absent, `{}` or `null` (passage-node sends some PATCHes bare). */
export const NoBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()], {
  description: 'No body (or `{}`)',
});

/** The identifier a visitor types: an email address or a phone number. */
export const IdentifierText = Type.String({ maxLength: 320 });
/** The language messages are sent in (BCP 47; the app's default when absent). */
export const Language = Type.String({ maxLength: 35 });
