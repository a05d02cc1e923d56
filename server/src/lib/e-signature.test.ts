import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalDocument, captureSignature, signerNameMatches, verifyDocument } from './e-signature.ts';

const signer = { id: 'u1', firstName: 'Jordan', lastName: 'Avery' };
const request = { ip: '203.0.113.24', userAgent: 'Safari' };
const at = new Date('2026-11-20T18:00:00Z');

describe('electronic signatures', () => {
  it('serialize a document the same whatever the order of its keys, leaving out undefined members', () => {
    const a = canonicalDocument({ b: 1, a: { d: [true, null, 'x'], c: 'é' }, u: undefined });
    const b = canonicalDocument({ a: { c: 'é', d: [true, null, 'x'] }, b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"c":"é","d":[true,null,"x"]},"b":1}');
  });

  it('match the typed name to the account holder’s, case and spacing aside, and nothing else', () => {
    expect(signerNameMatches('  jordan   AVERY ', signer)).toBe(true);
    expect(signerNameMatches('Jordan Avery-Chen', signer)).toBe(false);
    expect(signerNameMatches('Riley Avery', signer)).toBe(false);
    expect(signerNameMatches('Avery Jordan', signer)).toBe(false);
  });

  it('refuse without consent or with another name, and record the SHA-256 of the document otherwise', () => {
    const document = canonicalDocument({ title: 'Enrollment agreement', answers: [true] });
    const base = { document, signerName: 'Jordan Avery', signer, request, at };
    expect(captureSignature({ ...base, consent: false })).toBe('consent');
    expect(captureSignature({ ...base, consent: true, signerName: 'Someone Else' })).toBe('name');
    const captured = captureSignature({ ...base, consent: true });
    if (typeof captured === 'string') throw new Error(captured);
    expect(captured.sha256).toBe(createHash('sha256').update(document).digest('hex'));
    expect(captured).toMatchObject({
      signerUserId: 'u1',
      ipAddress: '203.0.113.24',
      consentVersion: 'esign-2026-12',
    });
    expect(verifyDocument(captured).matches).toBe(true);
    expect(verifyDocument({ ...captured, document: document.replace('true', 'false') }).matches).toBe(false);
  });
});
