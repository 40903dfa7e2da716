import { useState, type ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { withSuffix } from '@/features/booking-merchant/treatment-form';

/** A field that shows its unit after the value (' min', '€') whenever it is not being edited (spec §5). */
export function SuffixInput({
  value,
  suffix,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  suffix: string;
  onValueChange: (value: string) => void;
}) {
  const [focused, setFocused] = useState(false);
  return (
    <Input
      {...props}
      type="text"
      value={withSuffix(value, suffix, focused)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
