/**
 * A money request refused by its `amount` field, with the sentence by that field (400 by default; 409 when
 * nothing is left to act on): the refunds', the office's payments and adjustments', and a parent's "pay now"
 * (issues 10 and 23). A module of its own so that every money path can use it without importing another's.
 */
import type { ApiErrorCode, ApiErrorParams } from '@lc/contract';
import { HttpError } from '../../http/errors.ts';

export const amountRefusal = (code: ApiErrorCode, params?: ApiErrorParams, status: 400 | 409 = 400) =>
  new HttpError(status, code, { params, fields: { amount: code } });
