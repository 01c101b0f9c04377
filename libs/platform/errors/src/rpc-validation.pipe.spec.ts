import { IsString, Matches } from 'class-validator';
import { Transform } from 'class-transformer';
import { DomainError } from './domain-error.js';
import { RpcValidationPipe } from './rpc-validation.pipe.js';

class CodeParams {
  @Transform(({ value }) => (typeof value === 'string' ? value.replace('.', '') : value))
  @IsString()
  @Matches(/^\d{4}$/)
  code: string;
}

describe(RpcValidationPipe.name, () => {
  const pipe = new RpcValidationPipe();

  it.each(['body', 3])('should validate and transform a payload (param type %j)', (type) => {
    const metadata = { type, metatype: CodeParams } as never;
    expect(pipe.transform({ code: '62.10' }, metadata)).toEqual({ code: '6210' });
    expect(() => pipe.transform({ code: 'b@d' }, metadata)).toThrow(DomainError);
    expect(() => pipe.transform({ code: '6210', extra: 1 }, metadata)).toThrow(DomainError);
  });

  it('should leave what is not the payload alone', () => {
    const context = { type: 'custom', metatype: CodeParams } as never;
    expect(pipe.transform({ code: 'b@d' }, context)).toEqual({ code: 'b@d' });
    expect(pipe.transform('x', { type: 'body', metatype: String } as never)).toBe('x');
  });
});
