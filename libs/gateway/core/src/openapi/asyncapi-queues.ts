type Json = Record<string, unknown>;

/**
 * The gateway's own durable queue in the distributed profile: the tasks of batch jobs on a NATS
 * JetStream work-queue stream. Declared here, with the document that publishes it; the batch
 * queue (libs/gateway/batches) uses these names.
 */
export const BATCH_QUEUE_NAMES = {
  stream: 'NL_BATCH',
  subject: 'nl.batch.items',
  consumer: 'batch-workers',
} as const;

/** The names of the batch queue whose stream is `stream` (BATCH_STREAM): the default one's, or another deployment's on the same NATS. */
export function batchQueueNames(stream: string = BATCH_QUEUE_NAMES.stream): {
  readonly stream: string;
  readonly subject: string;
  readonly consumer: string;
} {
  if (stream === BATCH_QUEUE_NAMES.stream) return BATCH_QUEUE_NAMES;
  return {
    stream,
    subject: `${BATCH_QUEUE_NAMES.subject}.${stream}`,
    consumer: BATCH_QUEUE_NAMES.consumer,
  };
}

const ref = ($ref: string) => ({ $ref });

const TASK_DESCRIPTION = `One item of a batch job to work on. The payload names the item only; its parameters, its reservation and its outcome are in the gateway's database (\`gw.batch_item\`), so a task delivered twice, or queued again, changes nothing the item row does not allow.`;

/**
 * The channel, message, schema and the two operations (the gateway publishes, every gateway
 * process consumes) of the batch queue, for the AsyncAPI document.
 */
export function batchQueueParts(): {
  channels: Json;
  operations: Json;
  messages: Json;
  schemas: Json;
} {
  const { stream, subject, consumer } = BATCH_QUEUE_NAMES;
  return {
    schemas: {
      BatchTask: {
        type: 'object',
        title: 'BatchTask',
        description: TASK_DESCRIPTION,
        required: ['job', 'item'],
        additionalProperties: false,
        properties: {
          job: {
            type: 'string',
            pattern: '^bat-[0-9a-f]{24}$',
            example: 'bat-3f9c2a61d4e84b0c9a7e5d21',
          },
          item: {
            type: 'integer',
            minimum: 1,
            example: 1,
            description: 'The item’s number in its job, from 1.',
          },
        },
      },
    },
    messages: {
      'batches.task': {
        name: 'batches.task',
        title: 'Batch task',
        payload: ref('#/components/schemas/BatchTask'),
      },
    },
    channels: {
      'batches.tasks': {
        address: subject,
        title: 'Batch job tasks',
        description: `The tasks of batch jobs (\`POST /v1/batches\`), on the JetStream stream \`${stream}\` (work-queue retention, file storage, tasks kept at most 7 days). Each task is taken by one worker of the durable pull consumer \`${consumer}\` (explicit acknowledgement, 60 s to acknowledge or to say it is still working, then delivered again; a task to be tried later is negatively acknowledged with a delay). Internal callers should not publish here: a job is taken, with its credits reserved, through the HTTP API.`,
        messages: { 'batches.task': ref('#/components/messages/batches.task') },
      },
    },
    operations: {
      'batches.tasks.publish': {
        action: 'send',
        channel: ref('#/channels/batches.tasks'),
        summary: 'A job is taken: one task per item',
        description:
          'Published by the gateway that took the job, with JetStream acknowledgement, once the job and its items are stored.',
        messages: [ref('#/channels/batches.tasks/messages/batches.task')],
      },
      'batches.tasks.work': {
        action: 'receive',
        channel: ref('#/channels/batches.tasks'),
        summary: 'Work off batch tasks',
        description: `Consumed through the durable consumer \`${consumer}\` by every gateway process whose BATCH_WORKERS is above 0; replicas share the work.`,
        messages: [ref('#/channels/batches.tasks/messages/batches.task')],
      },
    },
  };
}
