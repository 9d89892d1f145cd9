import { Injectable, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '../domain/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot exist is simply not found. */
@Injectable()
export class UuidOr404Pipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundError();
    return value.toLowerCase();
  }
}
