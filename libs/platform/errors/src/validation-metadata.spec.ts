import {
  IsInt,
  IsString,
  MaxLength,
  MetadataStorage,
  Min,
  getMetadataStorage,
  validateSync,
} from 'class-validator';
import { memoiseValidationMetadata } from './validation-metadata.js';
import { validateInput } from './validate-input.js';

class Base {
  @IsString() name!: string;
  @IsString({ always: true }) @MaxLength(3, { groups: ['g'] }) code!: string;
}
class Child extends Base {
  @IsInt() @Min(1) size!: number;
  @MaxLength(5) override name!: string;
}

/**
 * A storage of its own with the rules of `Base` and `Child` (each under its own class, as the
 * decorators stored them), memoised or as class-validator ships it.
 */
function storageWith(memoised: boolean): MetadataStorage {
  const storage = new MetadataStorage();
  if (memoised) memoiseValidationMetadata(storage);
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(Child, '', true, false))
    storage.addValidationMetadata(rule);
  return storage;
}

describe(memoiseValidationMetadata.name, () => {
  it.each([
    ['no groups', false, false, undefined],
    ['always', true, false, undefined],
    ['strict groups', false, true, undefined],
    ['a group', false, false, ['g']],
  ] as const)(
    'should find the same rules as class-validator with %s',
    (_n, always, strict, groups) => {
      const plain = storageWith(false);
      const sut = storageWith(true);
      for (const type of [Base, Child]) {
        const args = [type, '', always, strict, groups && [...groups]] as const;
        expect(sut.getTargetValidationMetadatas(...args)).toEqual(
          plain.getTargetValidationMetadatas(...args),
        );
      }
    },
  );

  it('should work the rules out once per class and options', () => {
    const sut = storageWith(true);
    const first = sut.getTargetValidationMetadatas(Child, '', false, false);
    expect(sut.getTargetValidationMetadatas(Child, '', false, false)).toBe(first);
    expect(sut.getTargetValidationMetadatas(Child, '', true, false)).not.toBe(first);
    expect(sut.getTargetValidationMetadatas(Base, '', false, false)).not.toBe(first);
    expect(sut.groupByPropertyName(first)).toBe(sut.groupByPropertyName(first));
  });

  it('should forget what it kept when a rule is added', () => {
    const sut = storageWith(true);
    const before = sut.getTargetValidationMetadatas(Child, '', false, false);
    sut.addValidationMetadata({ ...before[0], propertyName: 'extra' } as (typeof before)[0]);
    const after = sut.getTargetValidationMetadatas(Child, '', false, false);
    expect(after).toHaveLength(before.length + 1);
  });

  it('should be installed once, however often it is called', () => {
    const sut = storageWith(true);
    const getter = sut.getTargetValidationMetadatas;
    memoiseValidationMetadata(sut);
    expect(sut.getTargetValidationMetadatas).toBe(getter);
  });

  it('should keep inherited rules and every error message of a class', () => {
    const errors = validateSync(Object.assign(new Child(), { name: 'toolong', code: 1, size: 0 }));
    expect(errors.map((e) => [e.property, e.constraints])).toEqual([
      ['size', { min: 'size must not be less than 1' }],
      ['name', { maxLength: 'name must be shorter than or equal to 5 characters' }],
      // Without groups class-validator applies the rules of every group too.
      [
        'code',
        {
          isString: 'code must be a string',
          maxLength: 'code must be shorter than or equal to 3 characters',
        },
      ],
    ]);
  });

  it('should apply a rule a decorator adds after the class was validated', () => {
    class Late {
      @IsString() a!: string;
      b?: unknown;
    }
    expect(validateInput(Late, { a: 'x' })).toEqual(Object.assign(new Late(), { a: 'x' }));
    IsInt()(Late.prototype, 'b');
    expect(() => validateInput(Late, { a: 'x', b: 'y' })).toThrow(
      expect.objectContaining({
        extra: expect.objectContaining({
          errors: [{ field: 'b', message: 'b must be an integer number' }],
        }) as unknown,
      }) as Error,
    );
  });
});
