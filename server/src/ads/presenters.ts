import type { AdDetail, AdSummary, MyAdSummary } from '@bazaar/common/ads';
import type { Storage } from '../media/storage';
import type { AdDetailRow, AdSummaryRow } from './queries';

export function presentAdSummary(row: AdSummaryRow, storage: Storage): AdSummary {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    location: row.location,
    featured: row.featured,
    views: row.views,
    likes: row.likes,
    created_at: row.created_at,
    image_url: row.card_key ? storage.url(row.card_key) : null,
    ...(row.distance_km === undefined ? {} : { distance_km: row.distance_km }),
  };
}

export function presentMyAdSummary(row: AdSummaryRow, storage: Storage): MyAdSummary {
  return {
    ...presentAdSummary(row, storage),
    status: row.status,
    featured_until: row.featured_until,
    moderation:
      row.status === 'pending' || row.hidden_reason !== null || row.review_requested
        ? { hidden_reason: row.hidden_reason, review_requested: row.review_requested }
        : null,
    expires_at: row.expires_at,
    sold_at: row.sold_at,
  };
}

export function presentAdDetail(row: AdDetailRow, storage: Storage, now: Date = new Date()): AdDetail {
  const { ad } = row;
  // Featuring shows while the ad is listed: a week still running does not make a sold or
  // expired ad look featured.
  const featuredUntil =
    ad.status === 'active' && ad.featured_until && ad.featured_until > now ? ad.featured_until : null;
  return {
    id: ad.id,
    user_id: ad.user_id,
    title: ad.title,
    description: ad.description,
    price: ad.price,
    category: ad.category,
    category_name: row.categoryName,
    location: ad.location,
    place_id: ad.place_id,
    featured: featuredUntil !== null,
    featured_until: featuredUntil?.toISOString() ?? null,
    views: ad.views,
    likes: ad.likes,
    status: ad.status,
    expires_at: ad.expires_at.toISOString(),
    sold_at: ad.sold_at?.toISOString() ?? null,
    created_at: ad.created_at.toISOString(),
    updated_at: ad.updated_at.toISOString(),
    images: row.media
      .filter((media) => media.kind === 'image')
      .map((media) => ({
        id: media.id,
        url: storage.url(media.storage_key),
        card_url: storage.url(media.card_key ?? media.storage_key),
        width: media.width,
        height: media.height,
      })),
    videos: row.media
      .filter((media) => media.kind === 'video')
      .map((media) => ({
        id: media.id,
        url: storage.url(media.storage_key),
        content_type: media.content_type,
      })),
    seller: {
      id: ad.user_id,
      name: row.sellerName,
      member_since: row.sellerSince.toISOString(),
      verified: row.sellerVerified,
      phone_visible: row.sellerPhoneVisible,
      accepts_messages: row.sellerAcceptsMessages,
    },
  };
}
