import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver whose schema (and zod itself) loads on first validation, not with the page:
 * zod is a quarter of the sign-in page's JS budget and nobody needs it before typing.
 */
export function lazyZodResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<z.ZodType<TOut, TIn>>,
): Resolver<TIn, unknown, TOut> {
  let resolver: Resolver<TIn, unknown, TOut> | undefined;
  return async (values, context, options) => {
    resolver ??= zodResolver(await load()) as unknown as Resolver<TIn, unknown, TOut>;
    return resolver(values, context, options);
  };
}

/** The core package, loaded on demand (it brings zod with it). */
export const loadCore = () => import('@healthfolio/core');
