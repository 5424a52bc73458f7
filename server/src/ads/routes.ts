import path from 'node:path';
import {
  AD_FORM_LIST_FIELDS,
  AD_IMAGE_FIELD,
  AD_VIDEO_FIELD,
  adContactResponseSchema,
  adDetailSchema,
  adIdParamsSchema,
  adListResponseSchema,
  adSearchQuerySchema,
  createAdFieldsSchema,
  featuredAdsResponseSchema,
  updateAdFieldsSchema,
  type AdDetail,
} from '@bazaar/common/ads';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { limitAttempts, type AttemptRule } from '../http/attempt-limit';
import { contactRateLimited, notFound } from '../http/errors';
import { authorize } from '../policies/authorize';
import { receiveUpload, removeAbandonedUploads, type ReceivedUpload } from '../media/receive-upload';
import { sweepAbandonedMedia } from '../media/pending-media';
import type { Storage } from '../media/storage';
import type { AdModerationSettings } from './ad-moderation-settings';
import { createAd } from './create-ad';
import { deleteAd } from './delete-ad';
import { parseFormFields } from './form-fields';
import { registerAdLifeRoutes } from './ad-life-routes';
import { registerMyAdsRoutes } from './my-ads-routes';
import { checkMayPostNow } from './post-gate';
import { presentAdDetail, presentAdSummary } from './presenters';
import { findAdAccess, findAdDetail, findFeaturedAds, findRelatedAds, searchAds } from './queries';
import { findDidYouMean } from '../search/did-you-mean';
import { updateAd } from './update-ad';
import { registerViewRoutes } from './view-routes';

/**
 * Other sellers' numbers one account may look up without a pause of a quarter of an hour: far
 * beyond a buyer's calls, and too few for harvesting the catalogue's phone numbers.
 */
const CONTACT_LOOKUPS: AttemptRule = { windowMs: 15 * 60 * 1000, max: 40, refusal: contactRateLimited };

export interface AdRouteDependencies {
  db: Database;
  moderation: AdModerationSettings;
  /** AD_LIFETIME_DAYS (issue 14). */
  adLifetimeDays: number;
  guard: SessionGuard;
  storage: Storage;
  dataDir: string;
  authSecret: string;
  /** PUBLIC_URL is https: cookies are Secure (TLS may end in a proxy before the app). */
  isHttps: boolean;
  /** The job queue: a new public ad queues its saved-search matching (issue 14). */
  jobs: JobQueue;
}

const adNotFound = () => notFound('This ad does not exist.');
const uploadFolderOf = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

export async function registerAdRoutes(app: FastifyInstance, dependencies: AdRouteDependencies) {
  await app.register(async (scope) => {
    // Multipart only where ads are written; limits are given per request (media/receive-upload).
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    await removeAbandonedUploads(uploadFolderOf(dependencies.dataDir));
    const swept = await sweepAbandonedMedia(dependencies);
    if (swept > 0) scope.log.warn({ files: swept }, 'deleted media files an interrupted change left behind');
    registerRoutes(scope, dependencies);
  });
  registerViewRoutes(app, dependencies);
  registerMyAdsRoutes(app, dependencies);
  registerAdLifeRoutes(app, dependencies);
}

function registerRoutes(
  app: FastifyInstance,
  { db, moderation, adLifetimeDays, guard, storage, dataDir, jobs }: AdRouteDependencies,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const uploadOptions = {
    tempDir: uploadFolderOf(dataDir),
    fileFields: { [AD_IMAGE_FIELD]: 'image', [AD_VIDEO_FIELD]: 'video' } as const,
    listFields: AD_FORM_LIST_FIELDS,
  };

  /** An ad as its page shows it; from `reader` (a public read's replica) or the primary. */
  async function readDetail(adId: string, reader: Database = db): Promise<AdDetail> {
    const row = await findAdDetail(reader, adId);
    if (!row) throw adNotFound();
    return presentAdDetail(row, storage);
  }

  /**
   * Reads the form, runs `work` with it, and always removes the temporary files. When a
   * refusal comes while the browser is still sending, the connection is closed so that it
   * stops sending the rest of a large upload.
   */
  async function withUpload<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (upload: ReceivedUpload) => Promise<T>,
  ): Promise<T> {
    try {
      const upload = await receiveUpload(request, uploadOptions);
      try {
        return await work(upload);
      } finally {
        await upload.discard();
      }
    } catch (error) {
      if (!request.raw.complete) reply.header('connection', 'close');
      throw error;
    }
  }

  routes.get(
    '/api/ads',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['ads'],
        summary: 'Search active ads: full text, category, price range, location; sorted and paged by cursor',
        querystring: adSearchQuerySchema,
        response: { 200: adListResponseSchema },
      },
    },
    async (request) => {
      const { page, total } = await searchAds(request.readDb, request.query);
      const didYouMean = total?.count === 0 ? await findDidYouMean(request.readDb, request.query) : undefined;
      return {
        ads: page.rows.map((row) => presentAdSummary(row, storage)),
        next_cursor: page.nextCursor,
        total,
        ...(didYouMean ? { did_you_mean: didYouMean } : {}),
      };
    },
  );

  routes.get(
    '/api/ads/featured',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['ads'],
        summary: 'The newest featured ads, for the home page (at most 6)',
        response: { 200: featuredAdsResponseSchema },
      },
    },
    async (request) => ({
      ads: (await findFeaturedAds(request.readDb)).map((row) => presentAdSummary(row, storage)),
    }),
  );

  routes.get(
    '/api/ads/:id',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['ads'],
        summary: 'One ad with its photos, videos and seller (hidden ads only for their owner)',
        params: adIdParamsSchema,
        response: { 200: adDetailSchema },
      },
    },
    async (request) => {
      const [ad, user] = await Promise.all([
        readDetail(request.params.id, request.readDb),
        guard.currentUser(request),
      ]);
      return authorize(user, 'read', { ad });
    },
  );

  routes.get(
    '/api/ads/:id/related',
    {
      config: { sharedCache: true },
      schema: {
        tags: ['ads'],
        summary: 'Up to 4 other ads of the same category',
        params: adIdParamsSchema,
        response: { 200: featuredAdsResponseSchema },
      },
    },
    async (request) => {
      const [row, user] = await Promise.all([
        findAdAccess(request.readDb, request.params.id),
        guard.currentUser(request),
      ]);
      const ad = authorize(user, 'read', { ad: row });
      return { ads: (await findRelatedAds(request.readDb, ad)).map((row) => presentAdSummary(row, storage)) };
    },
  );

  routes.get(
    '/api/ads/:id/contact',
    {
      schema: {
        tags: ['ads'],
        summary: "The seller's name and phone (when they show it); signed-in users only",
        params: adIdParamsSchema,
        response: { 200: adContactResponseSchema },
      },
    },
    async (request) => {
      const user = await guard.requireUser(request);
      const row = await findAdDetail(db, request.params.id);
      authorize(user, 'read', { ad: row?.ad });
      if (row!.ad.user_id !== user.id) await limitAttempts(db, `contact:${user.id}`, CONTACT_LOOKUPS);
      return { name: row!.sellerName, phone: row!.sellerPhone };
    },
  );

  routes.post(
    '/api/ads',
    {
      schema: {
        tags: ['ads'],
        summary:
          'Post an ad: multipart form with title, description, price, category, location, `images` (1–10 PNG/JPG/GIF ≤10 MB) and `videos` (≤2 MP4/MOV ≤50 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: adDetailSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      await checkMayPostNow(db, user.id, moderation);
      const adId = await withUpload(request, reply, (upload) => {
        const fields = parseFormFields(createAdFieldsSchema, upload.fields);
        return createAd(
          { db, storage, moderation, lifetimeDays: adLifetimeDays, log: request.log, jobs },
          { userId: user.id, fields, images: upload.images, videos: upload.videos },
        );
      });
      return reply.status(201).send(await readDetail(adId));
    },
  );

  routes.patch(
    '/api/ads/:id',
    {
      schema: {
        tags: ['ads'],
        summary:
          'Change your ad: multipart form with any of its fields, `remove_media` ids and new `images` / `videos`',
        consumes: ['multipart/form-data'],
        params: adIdParamsSchema,
        response: { 200: adDetailSchema },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      const adId = request.params.id;
      await withUpload(request, reply, (upload) => {
        const { remove_media: removeMedia = [], ...fields } = parseFormFields(
          updateAdFieldsSchema,
          upload.fields,
        );
        return updateAd(
          { db, storage, moderation, log: request.log },
          {
            adId,
            actor: user,
            changes: { fields, removeMedia, images: upload.images, videos: upload.videos },
          },
        );
      });
      return readDetail(adId);
    },
  );

  routes.delete(
    '/api/ads/:id',
    {
      schema: {
        tags: ['ads'],
        summary: 'Delete your ad with its photos and videos',
        params: adIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = await guard.requireUser(request);
      await deleteAd({ db, storage, log: request.log }, { adId: request.params.id, actor: user });
      return reply.status(204).send(null);
    },
  );
}
