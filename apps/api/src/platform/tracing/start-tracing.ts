// Imported first by main.ts and the projector thread, before anything requires fastify, pg or ioredis: their
// instrumentations patch those modules as they load. Does nothing when OTEL_EXPORTER_OTLP_ENDPOINT is unset.
import { startTracing } from './tracing';

startTracing();
