/**
 * Staff product calls of spec §7: create, update (multipart) and delete, the hourly sweep
 * of picture files nothing shows any more, and the pre-orders' release upkeep.
 */
import { DASHBOARD, endpoints, productImageUrls } from '@otaku/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../lib/api-route';
import { registerImageSweeper } from '../media/image-sweep';
import { readImageForm, registerImageMultipart } from '../media/image-upload';
import { stockSeenField, toFormValues } from './product-form-input';
import { listDashboardProducts } from './products-admin-list';
import { registerReleaseUpkeep } from './release-upkeep';
import * as service from './products-admin.service';

export async function productsAdminRoutes(app: FastifyInstance): Promise<void> {
  await registerImageMultipart(app);
  registerImageSweeper(app);
  registerReleaseUpkeep(app);
  const deps = () => ({ database: app.database, images: app.images, orderMails: app.orderMails });
  const { productsAdmin: calls } = endpoints;
  const staff = { config: { access: 'admin' }, schema: { tags: ['dashboard'] } } as const;

  /** The saved picture as the answer gives it: a URL that loads (its large size). */
  const pictureUrl = (stored: string) => productImageUrls(app.imageUrl(stored)).large;

  const readForm = async (request: FastifyRequest) => {
    const form = await readImageForm(request, 'image');
    return { form, values: toFormValues(form), image: form.image };
  };

  addRoute(app, calls.list, staff, async (request) =>
    listDashboardProducts(
      app.database.db,
      request.query.productConstraints,
      request.query.stock,
      app.imageUrl,
    ),
  );

  addRoute(app, calls.create, staff, async (request, reply) => {
    const { values, image } = await readForm(request);
    const saved = await service.createProduct(deps(), values, image);
    return reply.status(201).send({
      success: true as const,
      message: DASHBOARD.productCreated(saved.productID),
      product: {
        productID: saved.productID,
        _id: saved.productID,
        image: pictureUrl(saved.image),
      },
    });
  });

  addRoute(app, calls.update, staff, async (request) => {
    const { form, values, image } = await readForm(request);
    const saved = await service.updateProduct(
      deps(),
      values,
      image,
      stockSeenField(form, values.category),
    );
    return {
      success: true as const,
      message: DASHBOARD.productUpdated,
      product: {
        productID: saved.productID,
        _id: saved.productID,
        image: pictureUrl(saved.image),
      },
    };
  });

  addRoute(app, calls.remove, staff, async (request) => {
    await service.deleteProduct(deps(), request.body.productID);
    return { success: true as const, message: DASHBOARD.productDeleted };
  });
}
