import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Plain objects and arrays copied all the way down; anything else (a File, a Date) kept as it is. */
const snapshot = <T>(value: T): T => {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)])) as T;
  return value;
};

/**
 * A zod resolver whose schema (and zod itself) loads on first validation, not with the page:
 * zod is a quarter of the sign-in page's JS budget and nobody needs it before typing.
 *
 * react-hook-form hands a resolver its live values object. The values are copied before the schema
 * loads, so what is validated, and submitted, is what the form held when the person pressed the
 * button, not what they typed while the schema was loading.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<z.ZodType<TOut, TIn>>,
): Resolver<TIn, unknown, TOut> {
  let resolver: Resolver<TIn, unknown, TOut> | undefined;
  return async (values, context, options) => {
    if (resolver) return resolver(values, context, options);
    const asPressed = snapshot(values);
    resolver = zodResolver(await load()) as unknown as Resolver<TIn, unknown, TOut>;
    return resolver(asPressed, context, options);
  };
}

/** The core package, loaded on demand (it brings zod with it). */
export const loadCore = () => import('@healthfolio/core');
