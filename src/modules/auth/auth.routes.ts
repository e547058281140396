import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { principalOf, SIGNED_IN } from '../../http/auth.js'
import { errorResponses } from '../../http/schemas.js'
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  LoginBody,
  LoginResponse,
  ProfileResponse,
} from './auth.schemas.js'
import type { AuthService } from './auth.service.js'

export async function authRoutes(base: FastifyInstance, { auth }: { auth: AuthService }): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>()

  app.post(
    '/v1/auth/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in with e-mail and password (admins, merchant users)',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => auth.login(request.body.email, request.body.password, request.ip),
  )

  app.put(
    '/v1/auth/change-password',
    {
      config: { auth: SIGNED_IN },
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        summary: "Change the caller's password; earlier tokens stop working",
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { token } = await auth.changePassword(
        principalOf(request),
        request.body.currentPassword,
        request.body.newPassword,
      )
      return { changed: true as const, token }
    },
  )

  app.get(
    '/v1/auth/me',
    {
      config: { auth: SIGNED_IN },
      schema: {
        tags: ['auth'],
        operationId: 'me',
        summary: "The caller's own profile",
        response: { 200: ProfileResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => auth.profile(principalOf(request)),
  )
}
