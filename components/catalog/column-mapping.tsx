"use client";
import { Input, Select } from "@/components/ui";
import { fieldLabels, itemFields, type Mapping } from "./catalog-file";

const required = new Set(["externalId", "title"]);

/** Which file column feeds which item field; price unit and a currency for files without one. */
export function ColumnMapping({ columns, mapping, onChange }: { columns: string[]; mapping: Mapping; onChange: (m: Mapping) => void }) {
  const options = [{ value: "", label: "— not in the file —" }, ...columns.map((c) => ({ value: c, label: c }))];
  return (
    <div className="mapping-grid">
      {itemFields.map((field) => (
        <Select
          key={field}
          id={`map-${field}`}
          label={`${fieldLabels[field]}${required.has(field) ? " *" : ""}`}
          value={mapping[field]}
          options={options}
          onChange={(e) => onChange({ ...mapping, [field]: e.target.value })}
        />
      ))}
      <Select
        id="map-price-unit"
        label="Prices are written as"
        value={mapping.priceUnit}
        options={[
          { value: "minor", label: "Minor units (1250 = 12.50)" },
          { value: "major", label: "Decimals (12.50)" },
        ]}
        onChange={(e) => onChange({ ...mapping, priceUnit: e.target.value as Mapping["priceUnit"] })}
      />
      <Input
        id="map-default-currency"
        label="Currency when the row has none"
        placeholder="EUR"
        maxLength={3}
        value={mapping.defaultCurrency}
        onChange={(e) => onChange({ ...mapping, defaultCurrency: e.target.value.toUpperCase() })}
      />
    </div>
  );
}
