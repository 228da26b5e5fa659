import type { ExportFormat, ExportType } from '@otaku/shared';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button, Modal } from '../../../components/ui';
import { downloadExport } from '../api/export-file';

/** The export modal: a choice of Excel or PDF. A failure is only logged (spec §8). */
export function ExportButton({ type }: { type: ExportType }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(type, format);
      setOpen(false);
    } catch (error) {
      console.warn('Export failed', error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Export
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Export ${type}`}
        size="sm"
        description="Choose a file format."
      >
        <div className="grid grid-cols-2 gap-3">
          <Button
            variant="secondary"
            size="lg"
            disabled={busy !== null}
            onClick={() => void run('excel')}
          >
            <FileSpreadsheet aria-hidden="true" className="size-5" />
            {busy === 'excel' ? 'Preparing…' : 'Excel'}
          </Button>
          <Button
            variant="secondary"
            size="lg"
            disabled={busy !== null}
            onClick={() => void run('pdf')}
          >
            <FileText aria-hidden="true" className="size-5" />
            {busy === 'pdf' ? 'Preparing…' : 'PDF'}
          </Button>
        </div>
      </Modal>
    </>
  );
}
