import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Swagger UI at /api/docs and the OpenAPI JSON at /api/docs-json; the session cookie or a bearer token work there. */
export function setUpSwagger(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Facet API')
    .setDescription(
      'The API of Facet, the fine-jewelry and diamond shop. Public routes serve the storefront; /api/admin routes need a ' +
        'staff session: POST /api/staff/login, then use the returned token with "Authorize" (bearer), or the session cookie.',
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The token from POST /api/staff/login or /api/auth/login' }, 'bearer')
    .addCookieAuth('facet_session', { type: 'apiKey', in: 'cookie', name: 'facet_session' }, 'session')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Facet API',
    swaggerOptions: { persistAuthorization: true },
  });
}
