import { useLayoutEffect, useRef, useState, type ComponentProps, type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { withSuffix } from '@/features/booking-merchant/treatment-form';

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A field that shows its unit after the value (' min', '€') whenever it is not being edited (spec §5).
 * Entering it shows the number alone, selected, so typing replaces it as in any number field.
 */
export function SuffixInput({
  value,
  suffix,
  onValueChange,
  ref,
  ...props
}: Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  suffix: string;
  onValueChange: (value: string) => void;
}) {
  const [focused, setFocused] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  // Dropping the unit rewrites the value, which loses the selection the focus made: select it again.
  useLayoutEffect(() => {
    if (focused) input.current?.select();
  }, [focused]);
  return (
    <Input
      {...props}
      ref={(node) => {
        input.current = node;
        assignRef(ref, node);
      }}
      type="text"
      value={withSuffix(value, suffix, focused)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
