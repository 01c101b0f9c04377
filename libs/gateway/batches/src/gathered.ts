/** One asker's input and how its answer reaches it. */
interface Ask<In, Out> {
  readonly input: In;
  resolve(answer: Out): void;
  reject(error: unknown): void;
}

interface Group<In, Out> {
  readonly asks: Ask<In, Out>[];
  readonly timer: NodeJS.Timeout;
}

/**
 * Requests of the same key gathered for a moment and answered by one statement: `answer` gets
 * the inputs of up to `max` askers that came within `windowMs` of the first, and returns their
 * answers in the same order. A failure of `answer` fails each of them. For work that waits on
 * slower things anyway (a batch item's upstream call): a few milliseconds more per item, and
 * one database statement for many items instead of one each.
 */
export class Gathered<In, Out> {
  private readonly groups = new Map<string, Group<In, Out>>();

  constructor(
    private readonly answer: (key: string, inputs: In[]) => Promise<Out[]>,
    private readonly windowMs: number,
    private readonly max: number,
  ) {}

  ask(key: string, input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      let group = this.groups.get(key);
      if (!group) {
        const timer = setTimeout(() => this.run(key), this.windowMs);
        group = { asks: [], timer };
        this.groups.set(key, group);
      }
      group.asks.push({ input, resolve, reject });
      if (group.asks.length >= this.max) this.run(key);
    });
  }

  private run(key: string): void {
    const group = this.groups.get(key);
    if (!group) return;
    this.groups.delete(key);
    clearTimeout(group.timer);
    const { asks } = group;
    this.answer(
      key,
      asks.map((ask) => ask.input),
    ).then(
      (answers) => asks.forEach((ask, at) => ask.resolve(answers[at])),
      (error: unknown) => asks.forEach((ask) => ask.reject(error)),
    );
  }
}
