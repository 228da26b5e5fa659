/**
 * GET /api/export/{type}?format=excel|pdf (spec §7): a file download, streamed. The first batch
 * of rows is read before anything is sent, so a failing database still gets a JSON error.
 */
import { endpoints, exportFileName } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { EXPORT_SPECS } from './export-columns';
import { exportRows } from './export-sources';
import { pdfStream } from './pdf-writer';
import { withFirst } from './stream-pace';
import { xlsxStream } from './xlsx-writer';

const CONTENT_TYPES = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  addRoute(
    app,
    endpoints.export.file,
    { config: { access: 'admin' }, schema: { tags: ['dashboard'] } },
    async (request, reply) => {
      const { type } = request.params;
      const { format } = request.query;
      const rows = exportRows(app.database.db, type);
      const first = await rows.next();
      const batches = withFirst(first.done ? undefined : first.value, rows);
      const spec = EXPORT_SPECS[type];
      const now = new Date();
      const stream =
        format === 'excel' ? xlsxStream(spec, batches, now) : pdfStream(spec, batches, now);
      reply.raw.on('close', () => {
        if (!stream.destroyed) stream.destroy();
      });
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${exportFileName(type, format)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
