// The baseline row: the least a NestJS 12 + Fastify app can do for the benchmarked route. One GET
// route returning the same JSON body the real API returns (read from BENCH_BODY_FILE), no
// pipeline, no cache, no logging. The gap between this row and the real ones is what our
// gateway, transport and cache cost.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';

const bodyFile = process.env.BENCH_BODY_FILE;
if (!bodyFile) throw new Error('BENCH_BODY_FILE must name a file with the JSON body to serve');

// Parsed once, serialised per request: like the real app, which also returns an object that
// Fastify turns into JSON on every response.
const body: unknown = JSON.parse(readFileSync(bodyFile, 'utf8'));

@Controller()
class SbiController {
  // Same path shape (with a parameter) as the real route, so routing costs the same.
  @Get('v1/cbs/sbi/:code')
  sbi(): unknown {
    return body;
  }
}

@Module({ controllers: [SbiController] })
class BareModule {}

const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), {
  logger: false,
});
app.enableShutdownHooks();
await app.listen(Number(process.env.PORT ?? 3404), process.env.HOST ?? '127.0.0.1');
