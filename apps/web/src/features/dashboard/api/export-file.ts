/** GET /api/export/{type}?format=excel|pdf, saved as {type}.xlsx or {type}.pdf (spec §7). */
import { exportFileName, type ExportFormat, type ExportType } from '@otaku/shared';
import { api } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

export async function downloadExport(type: ExportType, format: ExportFormat): Promise<void> {
  const blob = await api.get<Blob>(`/export/${type}`, {
    query: { format, email: getSession().user?.email },
    responseType: 'blob',
    headers: { Accept: '*/*' },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(type, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
