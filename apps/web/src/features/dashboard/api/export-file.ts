/** GET /api/export/{type}?format=excel|pdf, saved as {type}.xlsx or {type}.pdf (spec §7). */
import { exportFileName, routes, type ExportFormat, type ExportType } from '@otaku/shared';
import { call } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';

export async function downloadExport(type: ExportType, format: ExportFormat): Promise<void> {
  const blob = await call(routes.export.file, {
    params: { type },
    query: { format, email: getSession().user?.email },
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
