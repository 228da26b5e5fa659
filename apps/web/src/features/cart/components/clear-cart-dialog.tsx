import { CLEAR_CART } from '@otaku/shared';
import { Button, Modal } from '../../../components/ui';

export interface ClearCartDialogProps {
  open: boolean;
  /** The units the cart holds, which clearing puts back on sale. */
  units: number;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before Clear cart empties the cart (decision 159). */
export function ClearCartDialog({ open, units, onConfirm, onClose }: ClearCartDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={CLEAR_CART.title}
      description={CLEAR_CART.text(units)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CLEAR_CART.keep}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {CLEAR_CART.confirm}
          </Button>
        </>
      }
    />
  );
}
