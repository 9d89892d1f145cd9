import { Global, Module } from '@nestjs/common';
import { APPEND_METRICS } from './append-metrics';
import { MetricsService } from './metrics.service';

/** /metrics (Prometheus) for every part of the shop: global, so the event store and the HTTP layer reach it. */
@Global()
@Module({
  providers: [MetricsService, { provide: APPEND_METRICS, useExisting: MetricsService }],
  exports: [MetricsService, APPEND_METRICS],
})
export class MetricsModule {}
