import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

/**
 * Fastify's own Ajv compiler, with one change: JSON bodies are not coerced. Fastify coerces every part
 * by default, so `{"id": 123}` became the app id "123" and `"600"` a number. Path parameters and query
 * strings are text by nature and keep their coercion (`?limit=10` is an integer to the routes).
 */
export function buildValidatorWithoutBodyCoercion(): ValidatorFactory {
  const fromPool = AjvCompiler();
  return (externalSchemas, ajvOptions) => {
    const coercing = fromPool(externalSchemas, ajvOptions);
    const exact = fromPool(externalSchemas, {
      ...ajvOptions,
      customOptions: { ...ajvOptions?.customOptions, coerceTypes: false },
    } as typeof ajvOptions);
    return (route) => (route.httpPart === 'body' ? exact : coercing)(route);
  };
}
