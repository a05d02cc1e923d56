/**
 * The codes of a message file as types (issue 22, item 3): the dotted keys of its JSON, a plural's code
 * without its `_one`/`_other` suffix. Types only, so api-errors.ts and field-message.ts share them without
 * importing each other.
 */

/** Dotted keys of a message file, e.g. 'auth.loginFailed'. */
export type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A plural message's code without its `_one` / `_other` suffix, as it is thrown (with `count`). */
export type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;

/** A message's parameters: the parts its sentence names (`count` chooses a plural). */
export type MessageParams = Record<string, string | number>;
