import type { MeResponse } from '@bazaar/common/accounts';
import type {
  AdminUser,
  AdQueueItem,
  AuditEntry,
  ConversationQueueItem,
  UserDetailResponse,
} from '@bazaar/common/moderation';
import type { Role } from '@bazaar/common/roles';
import { sellerMe } from './seller-fixtures';

/** Answers of the moderation console, shaped by the common/ types, with overrides per test. */

export const QUEUED_AD_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const QUEUED_SELLER_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

/** `GET /api/me` of someone with this role. */
export function meWithRole(role: Role): MeResponse {
  const me = sellerMe({ name: 'Mo Derator' });
  return { ...me, user: { ...me.user, role } };
}

export function queueItem(overrides: Partial<AdQueueItem> = {}): AdQueueItem {
  return {
    kind: 'ad',
    ad: {
      id: QUEUED_AD_ID,
      title: 'iPhone 15 Pro, sealed',
      price: 199,
      image_url: '/media/queued-card.webp',
      status: 'active',
      category: 'electronics',
      featured: false,
      created_at: '2026-02-20T10:00:00.000Z',
      hidden_reason: null,
    },
    report_count: 3,
    reasons: [
      { reason: 'scam', count: 2, details: ['Asks for payment by gift card'] },
      { reason: 'duplicate', count: 1, details: [] },
    ],
    flags: [],
    review_requested: false,
    seller: {
      id: QUEUED_SELLER_ID,
      name: 'Sam Quick',
      email: 'sam@example.com',
      created_at: '2026-02-19T10:00:00.000Z',
      ad_count: 4,
      report_count: 5,
      conversation_report_count: 0,
      suspended: false,
    },
    ...overrides,
  };
}

export const REPORTED_CONVERSATION_ID = '6e5d4c3b-2a19-4f8e-9d7c-6b5a4f3e2d1c';
export const REPORTING_BUYER_ID = '8f7e6d5c-4b3a-4291-8e7d-6c5b4a3f2e1d';

/** A conversation about the queued ad that its buyer reported: the seller insulted them. */
export function conversationQueueItem(overrides: Partial<ConversationQueueItem> = {}): ConversationQueueItem {
  const seller = queueItem().seller;
  return {
    kind: 'conversation',
    conversation: {
      id: REPORTED_CONVERSATION_ID,
      created_at: '2026-02-21T09:00:00.000Z',
      ad: {
        id: QUEUED_AD_ID,
        title: 'iPhone 15 Pro, sealed',
        image_url: '/media/queued-card.webp',
        status: 'active',
      },
    },
    report_count: 1,
    reports: [
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        reason: 'abuse',
        details: 'He called me names when I asked about the price.',
        created_at: '2026-02-21T10:30:00.000Z',
        reporter_role: 'buyer',
        reported_role: 'seller',
      },
    ],
    buyer: {
      id: REPORTING_BUYER_ID,
      name: 'Bea Buyer',
      email: 'bea@example.com',
      created_at: '2025-06-01T10:00:00.000Z',
      ad_count: 0,
      report_count: 0,
      conversation_report_count: 0,
      suspended: false,
    },
    seller: { ...seller, conversation_report_count: 2 },
    messages: [
      {
        id: 'b1000000-0000-4000-8000-000000000001',
        sender_role: 'buyer',
        body: 'Would you take 150?',
        created_at: '2026-02-21T09:00:00.000Z',
        warnings: [],
      },
      {
        id: 'b1000000-0000-4000-8000-000000000002',
        sender_role: 'seller',
        body: 'No, idiot. Pay with a gift card or go away.',
        created_at: '2026-02-21T09:05:00.000Z',
        warnings: ['risky_payment'],
      },
    ],
    has_earlier_messages: false,
    ...overrides,
  };
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: QUEUED_SELLER_ID,
    name: 'Sam Quick',
    email: 'sam@example.com',
    role: 'user',
    created_at: '2026-02-19T10:00:00.000Z',
    suspended_at: null,
    suspended_reason: null,
    ad_count: 1,
    report_count: 3,
    conversation_report_count: 2,
    ...overrides,
  };
}

export function adminUserDetail(user: AdminUser = adminUser()): UserDetailResponse {
  return {
    user,
    ads: [
      {
        ...queueItem().ad,
        open_reports: 3,
      },
    ],
    reports: [
      {
        id: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
        ad_id: QUEUED_AD_ID,
        ad_title: 'iPhone 15 Pro, sealed',
        reason: 'scam',
        details: 'Asks for payment by gift card',
        created_at: '2026-02-21T10:00:00.000Z',
        resolved_at: null,
      },
    ],
    conversation_reports: [
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
        conversation_id: REPORTED_CONVERSATION_ID,
        ad_title: 'iPhone 15 Pro, sealed',
        reason: 'abuse',
        details: 'He called me names when I asked about the price.',
        created_at: '2026-02-21T10:30:00.000Z',
        resolved_at: null,
      },
    ],
  };
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
    actor: { id: '7b0e7e4e-2a4c-4d8e-9b55-1f2e3d4c5b6a', name: 'Mo Derator', email: 'mo@example.com' },
    action: 'ad_hidden',
    target_type: 'ad',
    target_id: QUEUED_AD_ID,
    target_label: 'iPhone 15 Pro, sealed',
    reason: 'Gift-card payment is a scam pattern.',
    created_at: '2026-02-22T15:05:00.000Z',
    ...overrides,
  };
}
