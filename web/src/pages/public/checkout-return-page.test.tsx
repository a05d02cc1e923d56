import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../content/site.ts';
import { enrollmentFixture, paymentFixture } from '../../features/enrollment/enrollment-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import CheckoutReturnPage, { type CheckoutOutcome } from './checkout-return-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

function renderReturn(outcome: CheckoutOutcome, checkoutId = 'test_cs_1') {
  return renderPage(<CheckoutReturnPage outcome={outcome} />, {
    path: `/sessions/1/enrollment-${outcome}/${checkoutId}`,
    pattern: `/sessions/:classSessionId/enrollment-${outcome}/:checkoutId`,
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('checkout return: successful', () => {
  it('confirms the payment and shows the enrolled children, what was paid and the receipt', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          enrollments: [enrollmentFixture('Maya'), enrollmentFixture('Theo', { status: 'Cancelled' })],
        }),
      ),
    );
    renderReturn('successful');

    expect(screen.getByRole('status')).toHaveTextContent('One moment');
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set!' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSessionEnrollment/Confirmation/test_cs_1');
    expect(
      screen.getByText(
        /Maya is enrolled in Spring Morning Program\. We’ve emailed a confirmation to jordan@families\.example\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('Maya Avery');
    const table = screen.getByRole('table', { name: 'What you paid' });
    expect(table).toHaveTextContent('Spring Morning Program — registration');
    expect(table).toHaveTextContent('$3,850.00');
    const receipt = screen.getByRole('link', { name: /View your receipt/ });
    expect(receipt).toHaveAttribute('href', '/test-checkout/test_cs_1/receipt');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Go to My sessions' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/1',
    );
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/dashboard/billing');
  });

  it('says a payment still processing will be confirmed by email', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, paymentFixture({ status: 'Pending' })));
    renderReturn('successful');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment is being processed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We’ll email you at jordan@families\.example as soon as it’s confirmed/),
    ).toBeInTheDocument();
  });

  it('apologises and explains the refund when the seats were gone by the time the payment arrived', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          status: 'Refunded',
          enrollments: [enrollmentFixture('Maya', { status: 'Cancelled' })],
        }),
      ),
    );
    renderReturn('successful');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We’re sorry — the seats were taken' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We’ve refunded the full \$3,850\.00 to the card you paid with/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/sessions/1/waitlist',
    );
  });

  it('says so when the checkout is unknown', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(404, { error: 'Not Found', message: 'That checkout was not found.', requestId: 'r' }),
    );
    renderReturn('successful', 'test_cs_nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that checkout' }),
    ).toBeInTheDocument();
  });
});

describe('checkout return: failed', () => {
  it('settles the cancelled checkout, says nothing was charged and offers to try again', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          status: 'Expired',
          receiptUrl: null,
          enrollments: [enrollmentFixture('Maya', { status: 'Cancelled' })],
        }),
      ),
    );
    renderReturn('failed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment didn’t go through' }),
    ).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/ClassSessionEnrollment/Confirmation/test_cs_1?cancelled=true',
    );
    expect(
      screen.getByText(/nothing was charged\. The seats we were holding have been released/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/sessions/1/enroll');
  });

  it('tells the truth when the checkout was paid after all', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, paymentFixture()));
    renderReturn('failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set!' })).toBeInTheDocument();
  });

  it('keeps the way back to an unfinished checkout while its seats are still held', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          status: 'Pending',
          checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
          holdExpiresAt: '2026-01-12T18:00:00Z',
        }),
      ),
    );
    renderReturn('failed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment isn’t finished' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/holding the seats for Maya and Theo until January 12 at 10:00 AM/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to the checkout' })).toHaveAttribute(
      'href',
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
  });
});

describe('checkout return: the call-us sentences', () => {
  it('link the center’s phone in the sentence', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, paymentFixture({ status: 'RefundDue', emailAddress: null })));
    renderReturn('successful');
    expect(
      await screen.findByText(
        /We owe you a refund of \$3,850\.00\. Our office is taking care of it and will email you when it’s on its way\./,
      ),
    ).toBeInTheDocument();
    const call = screen.getByText(/You can join the waitlist/);
    expect(call).toHaveTextContent(
      `You can join the waitlist, and we’ll email you the moment a seat opens. Questions? Call us at ${site.phone}.`,
    );
    expect(within(call).getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref);
  });
});

describe('checkout return in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('confirms the enrollment and what was paid in Spanish', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          enrollments: [enrollmentFixture('Maya'), enrollmentFixture('Theo', { status: 'Cancelled' })],
        }),
      ),
    );
    renderReturn('successful');
    expect(screen.getByRole('status')).toHaveTextContent('Un momento, por favor');
    expect(await screen.findByRole('heading', { level: 1, name: '¡Todo listo!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Maya ya tiene su lugar en Spring Morning Program. Le enviamos una confirmación a jordan@families.example.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2 feb – 29 may 2026 · Mon–Fri, 8:30 am – 12:00 pm')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lo que pagó' });
    expect(table).toHaveTextContent('Spring Morning Program — costo de inscripción');
    expect(table).toHaveTextContent('Spring Morning Program — cuota de materiales');
    expect(within(table).getByRole('rowheader', { name: 'Total pagado' }).nextSibling).toHaveTextContent(
      '$3,850.00',
    );
    expect(screen.getByRole('link', { name: /Ver su recibo/ })).toHaveAttribute(
      'href',
      '/test-checkout/test_cs_1/receipt',
    );
    expect(screen.getByRole('link', { name: 'Ir a Mis sesiones' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/1',
    );
    expect(screen.getByRole('link', { name: 'Pagos' })).toHaveAttribute('href', '/dashboard/billing');
    expect(screen.queryByText(/is enrolled in|What you paid|registration/)).not.toBeInTheDocument();
  });

  it('says in Spanish how long the seats are held for an unfinished checkout', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          status: 'Pending',
          checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_1',
          holdExpiresAt: '2026-01-12T18:00:00Z',
        }),
      ),
    );
    renderReturn('failed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su pago no se completó' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Salió de la página de pago antes de pagar, así que no se le cobró nada. Le guardamos los lugares de Maya y Theo hasta el 12 de enero a las 10:00 a.m.; después se ofrecerán a otras familias.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la página de pago' })).toHaveAttribute(
      'href',
      'https://checkout.stripe.com/c/pay/cs_test_1',
    );
  });

  it('explains the refund in Spanish when the seats were gone, with the phone to call', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        paymentFixture({
          status: 'Refunded',
          enrollments: [enrollmentFixture('Maya', { status: 'Cancelled' })],
        }),
      ),
    );
    renderReturn('successful');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lo sentimos: ya no quedaban lugares' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Le reembolsamos los \$3,850\.00 completos a la tarjeta con la que pagó/),
    ).toBeInTheDocument();
    const call = screen.getByText(/¿Tiene preguntas\? Llámenos al/);
    expect(within(call).getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref);
    expect(screen.getByRole('link', { name: 'Unirse a la lista de espera' })).toHaveAttribute(
      'href',
      '/sessions/1/waitlist',
    );
  });

  it('says in Spanish that a cancelled checkout charged nothing', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, paymentFixture({ status: 'Expired', receiptUrl: null, enrollments: [] })),
    );
    renderReturn('failed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Su pago no se realizó' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.queryByText(/nothing was charged/)).not.toBeInTheDocument();
  });
});
