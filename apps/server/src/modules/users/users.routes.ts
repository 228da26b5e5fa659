/**
 * Staff user calls of spec §7: list, edit (multipart with an optional picture) and delete; and
 * the code an own email change needs (decision 136).
 */
import { DASHBOARD, DASHBOARD_RULES, endpoints } from '@otaku/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { currentUser } from '../../plugins/auth';
import { readRefreshCookie } from '../auth/cookies';
import { codeSent } from '../auth/email-codes';
import { fieldValue, readImageForm, registerImageMultipart } from '../media/image-upload';
import { sendEmailChangeCode } from './email-change';
import * as service from './users.service';

const EDIT_FIELDS = [
  'username',
  'email',
  'role',
  'password',
  'currentPassword',
  'emailCode',
] as const;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  await registerImageMultipart(app);
  const deps = (): service.UsersDeps => ({
    database: app.database,
    images: app.images,
    imageUrl: app.imageUrl,
    secret: app.config.jwtSecret,
    publicUrl: app.config.publicUrl,
    mailLater: (message) =>
      setImmediate(() =>
        app.mailer
          .send(message)
          .catch((err: unknown) => app.log.error({ err }, 'account notice could not be sent')),
      ),
  });
  const { users: calls } = endpoints;
  const tags = ['dashboard'];
  const signedIn = { config: { access: 'user' }, schema: { tags } } as const;

  addRoute(app, calls.list, { config: { access: 'admin' }, schema: { tags } }, async (request) => {
    const { users, total, totalPages } = await service.listUsers(deps(), request.query);
    return { success: true as const, requiredUsers: users, totalPages, totalUsers: total };
  });

  // Any signed-in user reaches the service, so that a plain user hears the spec's refusal.
  addRoute(app, calls.update, signedIn, async (request) => {
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
  });

  // Any signed-in account may move its own address; the code goes to the new one.
  addRoute(app, calls.sendEmailCode, signedIn, async (request) => {
    const mailDeps = {
      db: app.database.db,
      config: app.config,
      mailer: app.mailer,
      log: app.log,
    };
    await sendEmailChangeCode(mailDeps, currentUser(request).id, request.body, request.ip);
    return codeSent(DASHBOARD_RULES.emailCodeSent);
  });

  addRoute(app, calls.remove, signedIn, async (request) => {
    await service.deleteUser(deps(), currentUser(request), request.params.id);
    return { success: true as const, message: DASHBOARD.userDeleted };
  });
}
