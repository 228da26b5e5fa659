import { PREORDER_CANCEL, type OrderLine, type RefundStatus } from '@otaku/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderLineNote } from './preorder-badge';

const cancelledWith = (status: RefundStatus): OrderLine => ({
  lineId: '00000000-0000-4000-8000-0000000000f1',
  productId: { _id: 'TOY-FIG001', name: 'Ronin figure', image: '/a.webp' },
  variant: '',
  quantity: 1,
  price: 60,
  cancelled: true,
  refund: { amount: 65, status },
});

describe('OrderLineNote', () => {
  it("says what became of a cancelled line's refund, in its colour: back, on its way, not made", () => {
    for (const [status, tone] of [
      ['refunded', 'text-emerald-700'],
      ['owed', 'text-amber-700'],
      ['failed', 'text-red-700'],
    ] as const) {
      const { unmount } = render(<OrderLineNote line={cancelledWith(status)} />);
      expect(screen.getByText(PREORDER_CANCEL.refund[status]('$65.00'))).toHaveClass(tone);
      unmount();
    }
  });
});
