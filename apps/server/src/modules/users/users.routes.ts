/** Staff user calls of spec §7: list, edit (multipart with an optional picture) and delete. */
import {
  DASHBOARD,
  getUsersQuerySchema,
  getUsersResponseSchema,
  idParamsSchema,
  successMessageSchema,
  userUpdatedResponseSchema,
} from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth';
import { readRefreshCookie } from '../auth/cookies';
import { fieldValue, readImageForm, registerImageMultipart } from '../media/image-upload';
import { errorResponses } from '../../lib/route-errors';
import * as service from './users.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const EDIT_FIELDS = ['username', 'email', 'role', 'password', 'currentPassword'] as const;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  await registerImageMultipart(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ database: app.database, uploadsDir: app.config.uploadsDir });
  const tags = ['dashboard'];

  api.get(
    '/user/getUsers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        querystring: getUsersQuerySchema,
        response: { 200: getUsersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { users, total, totalPages } = await service.listUsers(deps(), request.query);
      return { success: true as const, requiredUsers: users, totalPages, totalUsers: total };
    },
  );

  // Any signed-in user reaches the service, so that a plain user hears the spec's refusal.
  api.put(
    '/user/update/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: userUpdatedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const id = await service.checkEditAllowed(deps(), currentUser(request), request.params.id);
      const form = await readImageForm(request, 'profilePic');
      const fields = Object.fromEntries(EDIT_FIELDS.map((name) => [name, fieldValue(form, name)]));
      const user = await service.updateUser(
        deps(),
        currentUser(request),
        id,
        fields,
        form.image,
        readRefreshCookie(request),
      );
      return { success: true as const, message: DASHBOARD.userUpdated, user };
    },
  );

  api.delete(
    '/user/delete/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: idParamsSchema, response: { 200: successMessageSchema, ...errors } },
    },
    async (request) => {
      await service.deleteUser(deps(), currentUser(request), request.params.id);
      return { success: true as const, message: DASHBOARD.userDeleted };
    },
  );
}
