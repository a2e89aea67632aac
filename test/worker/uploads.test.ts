// withUpload through a probe route on the worker's own app: body forms, sniffing, limits, R2 streaming, cleanup.
import { describe, expect, it } from 'vitest';
import { fixture } from '../fixtures/media';
import { send, type Part, form, json, blob, leavesNothing } from './uploads-kit';

describe('withUpload: the body', () => {
  it('accepts a JSON request and validates it', async () => {
    const res = await send({ headers: { 'Content-Type': 'application/json' }, body: json({ title: 'plain' }) });
    expect(res.status).toBe(201);
    expect(res.body.result.body).toEqual({ title: 'plain', use: [] });
  });

  it('accepts a multipart body part sent as a string field', async () => {
    const res = await send({ body: form(['body', json({ title: 'as string' })]) });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('as string');
  });

  it('accepts a multipart body part sent as a JSON file', async () => {
    const res = await send({
      body: form(['body', new Blob([json({ title: 'as file' })], { type: 'application/json' }), 'body.json']),
    });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('as file');
  });

  it('accepts the body part after the files', async () => {
    const png = fixture('tiny.png');
    const res = await send({
      body: form(['blob:pic', blob(png.bytes), 'a.png'], ['body', json({ title: 'late body', use: ['pic'] })]),
    });
    expect(res.status).toBe(201);
    expect(res.body.result.files[0]).toMatchObject({ contentType: 'image/png', size: png.bytes.length, kind: 'image' });
  });

  it('answers 400 in the shared format for a body that fails the schema, storing nothing', async () => {
    await leavesNothing(async () => {
      const res = await send({
        body: form(['blob:pic', blob(fixture('tiny.png').bytes)], ['body', json({ title: '' })]),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 400,
        message: 'Validation error: Too small: expected string to have >=1 characters at "title"',
        result: {
          issues: [
            { path: ['title'], code: 'too_small', message: 'Too small: expected string to have >=1 characters' },
          ],
        },
      });
    });
  });

  it('answers 400 for malformed JSON in the body part and in a JSON request', async () => {
    await leavesNothing(async () => {
      const multi = await send({ body: form(['blob:pic', blob(fixture('tiny.gif').bytes)], ['body', '{"title": ']) });
      expect(multi.status).toBe(400);
      expect(multi.body.message).toBe('Malformed JSON in part "body"');
    });
    const plain = await send({ headers: { 'Content-Type': 'application/json' }, body: '{"title": ' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('Malformed JSON in request body');
  });

  it('answers 400 when the body part is missing, removing the files already stored', async () => {
    await leavesNothing(async () => {
      const res = await send({ body: form(['blob:pic', blob(fixture('tiny.jpg').bytes)]) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Missing multipart part "body"');
    });
  });

  it('answers 415 for other content types', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'image/png']) {
      const res = await send({ headers: { 'Content-Type': type }, body: 'title=x' });
      expect(res.status, type).toBe(415);
      expect(res.body).toEqual({
        code: 415,
        message: 'Expected application/json or multipart/form-data',
        result: null,
      });
    }
    const none = await send({ body: new Uint8Array([1, 2, 3]) });
    expect(none.status).toBe(415);
  });

  it('answers 400 for unknown part names, duplicate parts and bad tags, storing nothing', async () => {
    const png = fixture('tiny.png').bytes;
    const cases: [Part[], string][] = [
      [
        [
          ['body', json({ title: 't' })],
          ['blob:a', blob(png)],
          ['avatar', blob(png)],
        ],
        'Unknown multipart part "avatar": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['title', 'x'],
        ],
        'Unknown multipart part "title": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
      [
        [
          ['blob:a', blob(png)],
          ['blob:a', blob(png)],
          ['body', json({ title: 't' })],
        ],
        'Duplicate file part "blob:a"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['body', json({ title: 't' })],
        ],
        'Duplicate multipart part "body"',
      ],
      [
        [
          ['body', json({ title: 't' })],
          ['blob:a/b', blob(png)],
        ],
        'Unknown multipart part "blob:a/b": expected "body", "blob:{tag}" or "variant:{tag}:{width}"',
      ],
    ];
    for (const [parts, message] of cases) {
      await leavesNothing(async () => {
        const res = await send({ body: form(...parts) });
        expect(res.status, message).toBe(400);
        expect(res.body.message).toBe(message);
      });
    }
  });

  it('answers 400 for a malformed multipart stream', async () => {
    const boundary = 'xyzBOUNDARYxyz';
    const headers = { 'Content-Type': `multipart/form-data; boundary=${boundary}` };
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"title":"t"}`;
    const noBoundary = await send({ headers: { 'Content-Type': 'multipart/form-data' }, body: truncated });
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.body.message).toBe('Multipart request without a boundary');
    const cut = await send({ headers, body: truncated });
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('Malformed multipart body: Unexpected end of multipart body');
    const noDisposition = await send({
      headers,
      body: `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(noDisposition.status).toBe(400);
  });

  it('reads a hand-made multipart body with a preamble, quoted boundary and epilogue', async () => {
    const boundary = 'a "quoted" one'.replace(/ /g, '_').replace(/"/g, '');
    const text =
      'preamble to ignore\r\n' +
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n${json({ title: 'hand made' })}\r\n` +
      `--${boundary}--\r\nepilogue`;
    const res = await send({ headers: { 'Content-Type': `multipart/form-data; boundary="${boundary}"` }, body: text });
    expect(res.status).toBe(201);
    expect(res.body.result.body.title).toBe('hand made');
  });
});
