import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_UP_MESSAGES } from '../../contracts/account';
import { signInFormSchema } from '../../contracts/account-schemas';
import { apiPaths } from '../../contracts/api-paths';
import { BETA_ACCESS_PARAM, INVALID_ACCESS_CODE } from '../../contracts/beta';
import { RETURN_PARAM, safeReturn } from '../../contracts/return-path';
import { PAGE_FORM_FIELD, PAGE_FORMS, type PageFormState } from '../../contracts/ssr';
import { badRequest, forbidden, notFound } from '../errors';
import { BODY_MESSAGES } from './body-shape';
import { CROSS_SITE_MESSAGE, fromAnotherSite } from './csrf';

/** A page form's body is a few short fields; the API's own limit is for uploads. */
const FORM_BODY_LIMIT = 16 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Renders the page at the request's URL again, with what the server made of its form. */
export type RenderWithForm = (
  request: FastifyRequest,
  reply: FastifyReply,
  form: PageFormState,
) => Promise<FastifyReply>;

type FormBody = Record<string, string>;

interface ApiAnswer {
  statusCode: number;
  message: string;
  setCookie: string[];
}

/**
 * The forms a page posts to the server itself when the app's code has not loaded yet, or never
 * will (JavaScript off): the beta gate and sign-in (ADR 053). Each calls the API route the app
 * would have called, in process and as the visitor (their cookies and address, so the same zod
 * validation, messages and rate limits apply), then answers as the app would: a redirect on
 * success, or the page again with the spec's message and the values typed.
 */
export async function pageForms(
  app: FastifyInstance,
  { publicOrigin, render }: { publicOrigin: string; render: RenderWithForm },
) {
  const callApi = async (
    request: FastifyRequest,
    url: string,
    payload: object,
    cookie = request.headers.cookie,
  ): Promise<ApiAnswer> => {
    const res = await app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: request.ip,
      headers: {
        'content-type': 'application/json',
        origin: publicOrigin,
        ...(cookie ? { cookie } : {}),
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    const setCookie = [res.headers['set-cookie'] ?? []].flat();
    let message = '';
    try {
      message = String((res.json() as { message?: unknown }).message ?? '');
    } catch {
      // A body that is not JSON (204) has no message.
    }
    return { statusCode: res.statusCode, message, setCookie };
  };

  /** Checks the code through `POST /api/beta`; on success the cookie it set goes to the browser. */
  const admit = async (request: FastifyRequest, reply: FastifyReply, code: string) => {
    const answer = await callApi(request, apiPaths.beta, { code });
    if (answer.statusCode === 204) {
      reply.header('set-cookie', answer.setCookie);
      return null;
    }
    return answer.statusCode === 429 ? answer.message : INVALID_ACCESS_CODE;
  };

  /** The `?access=CODE` link of the README: the cookie, then the same page without the code. */
  const accessLink = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, publicOrigin);
    const code = url.searchParams.get(BETA_ACCESS_PARAM);
    if (code === null) return null;
    url.searchParams.delete(BETA_ACCESS_PARAM);
    const message = await admit(request, reply, code);
    if (message === null) return reply.redirect(`${url.pathname}${url.search}`, 302);
    return render(request, reply, {
      form: PAGE_FORMS.betaAccess,
      values: { code },
      message,
    });
  };

  const betaForm = async (request: FastifyRequest, reply: FastifyReply, body: FormBody) => {
    const code = body.code ?? '';
    const message = await admit(request, reply, code);
    if (message === null) {
      const url = new URL(request.url, publicOrigin);
      url.searchParams.delete(BETA_ACCESS_PARAM);
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    }
    return render(request, reply, { form: PAGE_FORMS.betaAccess, values: { code }, message });
  };

  const signInForm = async (request: FastifyRequest, reply: FastifyReply, body: FormBody) => {
    const values = { email: body.email ?? '', asCoach: body.asCoach === undefined ? '' : 'on' };
    const parsed = signInFormSchema.safeParse({
      email: values.email,
      password: body.password ?? '',
      asCoach: values.asCoach === 'on',
    });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        fieldErrors[field] ??= issue.message;
      }
      return render(request, reply, { form: PAGE_FORMS.signIn, values, fieldErrors });
    }
    const { email, password, asCoach } = parsed.data;
    const signIn = await callApi(request, apiPaths.auth.signIn, {
      email,
      password,
      rememberMe: true,
    });
    if (signIn.statusCode !== 200) {
      return render(request, reply, {
        form: PAGE_FORMS.signIn,
        values,
        message:
          signIn.statusCode < 500 && signIn.message ? signIn.message : SIGN_UP_MESSAGES.unexpected,
        // better-auth refuses an unconfirmed address with 403; the page then offers a new link.
        ...(signIn.statusCode === 403 ? { outcome: 'email-not-confirmed' as const } : {}),
      });
    }
    reply.header('set-cookie', signIn.setCookie);
    const target = safeReturn(new URL(request.url, publicOrigin).searchParams.get(RETURN_PARAM));
    if (!asCoach) return reply.redirect(target, 303);
    const cookie = withCookies(request.headers.cookie, signIn.setCookie);
    const role = await callApi(request, apiPaths.accountActiveRole, { role: 'expert' }, cookie);
    // Someone without a Coach profile is offered to become one, as the app does.
    return reply.redirect(role.statusCode === 404 ? '/become-a-pro' : target, 303);
  };

  // An encapsulated scope: the form body parser is for these routes only, and the API stays JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM_TYPE,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.post('/*', async (request, reply) => {
      const path = (request.params as { '*'?: string })['*'] ?? '';
      const body = request.body;
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      const form = typeof body === 'object' && body !== null ? (body as FormBody) : null;
      // Anything but a page's own form is what it was before: a route that does not exist.
      const formName = type === FORM_TYPE ? form?.[PAGE_FORM_FIELD] : undefined;
      if (!form || path.toLowerCase().startsWith('api/') || !formName) {
        throw notFound(`Route POST ${request.url.split('?')[0]} not found`);
      }
      refuseCrossSite(request, publicOrigin);
      if (Object.values(form).some((value) => typeof value !== 'string')) {
        throw badRequest(BODY_MESSAGES.notObject);
      }
      if (formName === PAGE_FORMS.betaAccess) return betaForm(request, reply, form);
      if (formName === PAGE_FORMS.signIn && path === 'auth')
        return signInForm(request, reply, form);
      throw notFound(`Route POST ${request.url.split('?')[0]} not found`);
    });
  });

  return { accessLink };
}

/**
 * A page form signs the visitor in or admits them, so, unlike the CSRF check of cookie-carrying
 * writes (plugins/csrf.ts), it refuses another site even without cookies: another site must not
 * sign a visitor into an account of its choosing.
 */
function refuseCrossSite(request: FastifyRequest, publicOrigin: string) {
  if (fromAnotherSite(request.headers, publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
}

/** The visitor's cookies with those a response just set in their place. */
function withCookies(header: string | undefined, setCookie: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  for (const line of setCookie) {
    const [pair = ''] = line.split(';');
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
