/**
 * Staff product calls of spec §7: create, update (multipart) and delete, and the hourly sweep
 * of picture files nothing shows any more.
 */
import {
  DASHBOARD,
  deleteProductRequestSchema,
  errorResponseSchema,
  getProductsQuerySchema,
  getProductsResponseSchema,
  productSavedResponseSchema,
  successMessageSchema,
} from '@otaku/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerImageSweeper } from '../media/image-sweep';
import { readImageForm, registerImageMultipart } from '../media/image-upload';
import { stockSeenField, toFormValues } from './product-form-input';
import { listDashboardProducts } from './products-admin-list';
import * as service from './products-admin.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function productsAdminRoutes(app: FastifyInstance): Promise<void> {
  await registerImageMultipart(app);
  registerImageSweeper(app);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ database: app.database, uploadsDir: app.config.uploadsDir });
  const staff = { config: { access: 'admin' } } as const;

  const readForm = async (request: FastifyRequest) => {
    const form = await readImageForm(request, 'image');
    return { form, values: toFormValues(form), image: form.image };
  };

  api.get(
    '/product/dashboardProducts',
    {
      ...staff,
      schema: {
        tags: ['dashboard'],
        querystring: getProductsQuerySchema,
        response: { 200: getProductsResponseSchema, ...errors },
      },
    },
    async (request) =>
      listDashboardProducts(
        app.database.db,
        request.query.productConstraints,
        app.catalogAnswers.spell,
      ),
  );

  api.post(
    '/product/createProduct',
    {
      ...staff,
      schema: { tags: ['dashboard'], response: { 201: productSavedResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { values, image } = await readForm(request);
      const saved = await service.createProduct(deps(), values, image);
      return reply.status(201).send({
        success: true as const,
        message: DASHBOARD.productCreated(saved.productID),
        product: { productID: saved.productID, _id: saved.productID, image: saved.image },
      });
    },
  );

  api.put(
    '/product/updateProduct',
    {
      ...staff,
      schema: { tags: ['dashboard'], response: { 200: productSavedResponseSchema, ...errors } },
    },
    async (request) => {
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
        product: { productID: saved.productID, _id: saved.productID, image: saved.image },
      };
    },
  );

  api.post(
    '/product/deleteProduct',
    {
      ...staff,
      schema: {
        tags: ['dashboard'],
        body: deleteProductRequestSchema,
        response: { 200: successMessageSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteProduct(deps(), request.body.productID);
      return { success: true as const, message: DASHBOARD.productDeleted };
    },
  );
}
