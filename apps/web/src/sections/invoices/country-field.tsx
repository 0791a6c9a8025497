import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { COUNTRY_CODES } from '@bo/contract/countries';
import { useMemo } from 'react';

import { useFormat } from '../../lib/format';
import { useRegionName } from '../../lib/use-region-name';

/**
 * A country picked by its name in the person's language; the value is its ISO 3166-1 alpha-2
 * code ('' for none). Typing finds a country by its name or its code.
 */
export function CountryField({
  value,
  onChange,
  label,
  name,
  error,
  helperText,
}: {
  value: string;
  onChange: (code: string) => void;
  label: string;
  name?: string;
  error?: boolean;
  helperText?: React.ReactNode;
}) {
  const regionName = useRegionName();
  const f = useFormat();
  const options = useMemo(() => {
    const collator = new Intl.Collator(f.tag);
    return COUNTRY_CODES.map((code) => ({ code, label: regionName(code) })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [regionName, f.tag]);
  const selected = options.find((o) => o.code === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_, o) => onChange(o?.code ?? '')}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(list, state) => {
        const q = state.inputValue.trim().toLocaleLowerCase(f.tag);
        if (!q) return list;
        return list.filter(
          (o) => o.label.toLocaleLowerCase(f.tag).includes(q) || o.code.toLowerCase() === q,
        );
      }}
      renderOption={(props, o) => (
        <li {...props} key={o.code}>
          {o.label}
          <bdi dir="ltr" style={{ marginInlineStart: 'auto', opacity: 0.6 }}>
            {o.code}
          </bdi>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          error={error}
          helperText={helperText ?? ' '}
        />
      )}
    />
  );
}
