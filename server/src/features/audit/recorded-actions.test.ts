/**
 * Every action the server records has a kind and a sentence (issue 24): this scans server/src for the actions
 * its `recordAudit` calls write, so a new action without a place in the contract's `AUDIT_KINDS` (and so
 * without its sentence, audit-sentences.test.ts) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADJUSTMENT_KINDS, AUDIT_ACTIONS, auditKindOf, WAITLIST_ACTIONS } from '@lc/contract';
import { auditSentence } from '@lc/contract/audit-sentences';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../..');

/** Every `.ts` file under `dir` (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every action the server records: the string literals that are audit actions in files that call
 * `recordAudit` (`action: 'x.y'`, `? 'x.y' : 'z'`, `'x.y' | 'z.w'`, an `auditContact(…, 'x.y', …)`), and the
 * templates' values (`waitlist.${action}`, `ledger.${input.kind}`) from the contract's lists they come from
 * (`WAITLIST_ACTIONS`, `ADJUSTMENT_KINDS`).
 */
function recordedActions(): string[] {
  const found = new Set<string>();
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('recordAudit(') || file.endsWith('audit/record.ts')) continue;
    for (const m of text.matchAll(/action:\s*([^,\n]*(?:\n\s*[?:][^,\n]*)*)/g))
      for (const literal of (m[1] ?? '').matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) found.add(literal[1]!);
    for (const m of text.matchAll(/'([a-z]+(?:\.[a-z_]+)+)'\s*\|\s*'([a-z]+(?:\.[a-z_]+)+)'/g)) {
      found.add(m[1]!);
      found.add(m[2]!);
    }
    for (const m of text.matchAll(/auditContact\([^)]*?'([a-z]+\.[a-z_.]+)'/g)) found.add(m[1]!);
    if (text.includes(`action: \`waitlist.\${action}\``))
      for (const a of WAITLIST_ACTIONS) found.add(`waitlist.${a}`);
    if (text.includes(`action: \`ledger.\${input.kind}\``))
      for (const k of ADJUSTMENT_KINDS) found.add(`ledger.${k}`);
    // A template this test does not know fails here rather than going unlisted.
    for (const m of text.matchAll(/action:\s*`([^`]*)`/g))
      expect([`waitlist.\${action}`, `ledger.\${input.kind}`], `${file}: ${m[1]}`).toContain(m[1]);
  }
  return [...found].sort();
}

describe('the audit trail’s actions', () => {
  it('lists every action the server records in a kind, each with a sentence of its own', () => {
    const recorded = recordedActions();
    expect(recorded.length).toBeGreaterThan(50);
    for (const action of recorded) {
      expect(auditKindOf(action), action).not.toBeNull();
      const sentence = auditSentence(
        { action, entityType: 'X', before: null, after: null },
        { actor: 'Ana' },
      );
      expect(sentence.key, action).not.toBe('generic');
    }
    // And nothing listed that no code records.
    expect([...AUDIT_ACTIONS].sort()).toEqual(recorded);
  });
});
