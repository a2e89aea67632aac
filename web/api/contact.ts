// /api/contact: the contact and order-channel forms.
import * as z from 'zod/mini';
import type { contactBody } from '../../schema/requests';
import { api, call } from './client';

export type ContactInput = z.input<typeof contactBody>;
export const sendContact = (body: ContactInput) =>
  call(api.contact.$post({ json: body }), z.object({ id: z.string() }));
