import type { ConversationDetail, ConversationSummary, Message } from '@bazaar/common/messaging';
import type { Storage } from '../media/storage';
import type { ConversationRow, MessageRow } from './queries';

export function presentConversationSummary(row: ConversationRow, storage: Storage): ConversationSummary {
  const isAvailable = row.ad_status === 'active';
  // The picture is served to everyone while the ad is listed, and always to its seller (the
  // media route's rule): a buyer is not sent the address of one that would not load.
  const picture =
    row.card_key !== null && (isAvailable || row.my_role === 'seller') ? storage.url(row.card_key) : null;
  return {
    id: row.id,
    ad: {
      id: row.ad_id,
      title: row.ad_title,
      image_url: picture,
      is_available: isAvailable,
    },
    my_role: row.my_role,
    other_person: { id: row.other_id, name: row.other_id ? row.other_name : null },
    last_message:
      row.last_preview !== null && row.last_created_at
        ? {
            preview: row.last_preview,
            created_at: row.last_created_at,
            is_mine: row.last_sender_role === row.my_role,
          }
        : null,
    last_message_at: row.last_message_at,
    unread_count: row.unread_count,
  };
}

export function presentConversationDetail(
  row: ConversationRow,
  flags: { blocked_by_me: boolean; blocked_me: boolean; reported: boolean },
  storage: Storage,
): ConversationDetail {
  return {
    ...presentConversationSummary(row, storage),
    is_blocked_by_me: flags.blocked_by_me,
    can_reply: row.other_id !== null && !flags.blocked_by_me && !flags.blocked_me,
    is_reported_by_me: flags.reported,
  };
}

/** A message for one participant: scam warnings are for the recipient's eyes. */
export function presentMessage(row: MessageRow, viewerRole: string): Message {
  const isMine = row.sender_role === viewerRole;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    body: row.body,
    created_at: row.created_at,
    is_mine: isMine,
    is_read: row.is_read,
    warnings: isMine ? [] : row.warnings,
  };
}
