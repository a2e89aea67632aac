// /api/contact: the contact and order-channel forms, and the admin's list of what they sent.
import * as z from 'zod/mini';
import { contactMessage, contactMessagePage } from '#schema/entities';
import type { MESSAGE_STATES } from '#schema/enums';
import type { contactBody } from '#schema/requests';
import { api, call, pageQuery, seg } from './client';
import { challengeHeaders } from './config';

export type ContactInput = z.input<typeof contactBody>;
export const sendContact = (body: ContactInput, challenge?: string | null) =>
  call(api.contact.$post({ json: body }, challengeHeaders(challenge)), z.object({ id: z.string() }));

export type MessageState = (typeof MESSAGE_STATES)[number];
export const listContactMessages = (filter: { status?: MessageState | undefined }, cursor?: string) =>
  call(api.contact.messages.$get({ query: { ...pageQuery(cursor), status: filter.status } }), contactMessagePage);
export const updateContactMessage = (id: string, change: { read?: boolean; handled?: boolean }) =>
  call(api.contact.messages[':id'].$put({ param: { id: seg(id) }, json: change }), contactMessage);
