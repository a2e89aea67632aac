// /api/contact: the contact and order-channel forms.
import * as z from 'zod/mini';
import type { contactBody } from '../../schema/requests';
import { api, call } from './client';
import { challengeHeaders } from './config';

export type ContactInput = z.input<typeof contactBody>;
export const sendContact = (body: ContactInput, challenge?: string | null) =>
  call(api.contact.$post({ json: body }, challengeHeaders(challenge)), z.object({ id: z.string() }));
