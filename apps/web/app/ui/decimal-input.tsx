// A number field for hours and other decimals: "7,5" and "7.5" both mean seven and a half, whether typed or pasted
// (a comma is never a thousands separator here), and a value outside the allowed range stays as typed, so the form's
// own rule says what is allowed instead of the field quietly changing it.
import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

const DECIMAL_SEPARATORS = ['.', ','];

/**
 * A pasted or autofilled "7,5" reaches the number formatter whole, and it would drop the comma ("75"); the value is
 * given a decimal point before the formatter reads it. Typed commas are handled by allowedDecimalSeparators.
 */
function commaAsDecimalPoint(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  if (/^-?\d*,\d*$/.test(input.value)) input.value = input.value.replace(',', '.');
}

export function DecimalInput(props: NumberInputProps) {
  return (
    <NumberInput
      decimalScale={2}
      allowedDecimalSeparators={DECIMAL_SEPARATORS}
      clampBehavior="none"
      thousandSeparator={false}
      onChangeCapture={commaAsDecimalPoint}
      {...props}
    />
  );
}
