// /api/contact: the contact and order-channel forms.
import * as z from 'zod/mini';
import type { contactBody } from '../../schema/requests';
import { request } from './client';

export type ContactInput = z.input<typeof contactBody>;
export const sendContact = (body: ContactInput) => request('POST', '/contact', z.unknown(), { json: body });
