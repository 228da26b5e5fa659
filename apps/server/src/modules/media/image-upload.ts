/**
 * Multipart forms that may carry one image (product form, user edit). The file is streamed:
 * its first bytes must be a PNG, JPEG, GIF or WebP signature before anything more is read, and
 * reading stops with 413 as soon as it passes IMAGE_MAX_BYTES, so neither a renamed text file
 * nor an oversize upload is ever held whole in memory.
 */
import multipart from '@fastify/multipart';
import { DASHBOARD_RULES, IMAGE_MAX_BYTES } from '@otaku/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors';

export type ImageKind = 'png' | 'jpeg' | 'gif' | 'webp';

export interface UploadedImage {
  fieldname: string;
  kind: ImageKind;
  buffer: Buffer;
}

export interface MultipartForm {
  /** Every text field; a repeated field keeps all its values in order. */
  fields: Record<string, string[]>;
  image: UploadedImage | undefined;
}

/** A small file can still decode to a huge bitmap; refuse it before anything decodes it. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Room for the text fields and multipart framing beside a full-size image. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

export async function registerImageMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: 1,
      fields: 60,
      parts: 61,
      fieldSize: 64 * 1024,
    },
  });
}

/** Which image format the first bytes announce, or null for anything else. */
export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')))
    return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (/^GIF8[79]a/.test(ascii)) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

export const unsupportedImage = () =>
  new AppError(415, DASHBOARD_RULES.imageUnsupported, 'VALIDATION', 'image');
export const imageTooLarge = () =>
  new AppError(413, DASHBOARD_RULES.imageTooLarge, 'TOO_LARGE', 'image');

/** Reads only the header: width and height, without decoding the pixels. */
async function checkPixels(buffer: Buffer): Promise<void> {
  const meta = await sharp(buffer)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height)
    throw new AppError(400, DASHBOARD_RULES.imageUnreadable, 'VALIDATION', 'image');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS)
    throw new AppError(413, DASHBOARD_RULES.imageTooManyPixels, 'TOO_LARGE', 'image');
}

type FilePart = { fieldname: string; file: NodeJS.ReadableStream & { truncated?: boolean } };

async function readImage(part: FilePart): Promise<UploadedImage> {
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: ImageKind | null = null;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (part.file.truncated || size > IMAGE_MAX_BYTES) throw imageTooLarge();
    if (kind === null && size >= 12) {
      kind = sniffImage(Buffer.concat(chunks));
      if (kind === null) throw unsupportedImage();
    }
  }
  if (part.file.truncated) throw imageTooLarge();
  if (size === 0) return { fieldname: part.fieldname, kind: 'png', buffer: Buffer.alloc(0) };
  kind ??= sniffImage(Buffer.concat(chunks));
  if (kind === null) throw unsupportedImage();
  const buffer = Buffer.concat(chunks, size);
  await checkPixels(buffer);
  return { fieldname: part.fieldname, kind, buffer };
}

/**
 * Reads a multipart form whose only file may be `fileField`. An empty file part (a form
 * submitted without choosing a file) counts as no file.
 */
export async function readImageForm(
  request: FastifyRequest,
  fileField: string,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send the form as multipart/form-data.');
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) throw imageTooLarge();

  const fields: Record<string, string[]> = {};
  let image: UploadedImage | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        (fields[part.fieldname] ??= []).push(String(part.value));
        continue;
      }
      if (part.fieldname !== fileField || image) {
        part.file.resume();
        throw badRequest(DASHBOARD_RULES.imageOneOnly, fileField);
      }
      const read = await readImage(part).catch((error: unknown) => {
        part.file.resume(); // let the rest flow past unread
        throw error;
      });
      if (read.buffer.length > 0) image = read;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    if (code === 'FST_FILES_LIMIT') throw badRequest(DASHBOARD_RULES.imageOneOnly, fileField);
    throw error;
  }
  return { fields, image };
}

/** The single value of a text field, or undefined. */
export const fieldValue = (form: MultipartForm, name: string): string | undefined =>
  form.fields[name]?.at(-1);
