"use client";
import { conditionOperators, type NodeType, questionKinds } from "@/lib/shared/graph-schema";
import {
  type FieldErrors,
  LanguageChoicesField,
  LanguageTextsField,
  ListField,
  NumberField,
  type Patch,
  SelectField,
  TextField,
} from "./inspector-fields";
import { CollectionField } from "./collection-field";
import { FlowNodeFields } from "./flow-field";
import { OpeningHoursEditor, RecordFieldsEditor } from "./structured-fields";

const placeholderHint = "{{variable}} placeholders are filled from the answers so far.";
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v.replace("_", " ") }));

/** The fields of one node type; every rule comes from nodeDataSchemas[type] through `errors`. */
export function NodeForm({ type, data, onPatch, errors }: { type: NodeType; data: Record<string, unknown>; onPatch: Patch; errors: FieldErrors }) {
  const field = (name: string) => ({ name, value: data[name], onPatch, error: errors(name) });
  switch (type) {
    case "trigger":
      return (
        <>
          <ListField
            {...field("keywords")}
            label="Phrases"
            hint="One per line. A customer message containing one (whole words, any case or accents) starts the skill."
          />
          <TextField {...field("description")} label="Description" optional multiline hint="Helps the assistant pick this skill." />
        </>
      );
    case "message":
      return (
        <>
          <TextField {...field("text")} label="Text" multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Text" />
        </>
      );
    case "question":
      return (
        <>
          <TextField {...field("text")} label="Question" multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Question" />
          <TextField {...field("variable")} label="Store the answer in" hint="A variable name like party_size." />
          <TextField
            {...field("label")}
            label="Label in Records"
            optional
            hint="How staff read this answer in Records, like “Party size”, when a record field is exactly {{variable}}."
          />
          <SelectField {...field("kind")} label="Answer kind" options={options(questionKinds)} />
          {data.kind === "choice" ? (
            <>
              <ListField {...field("choices")} label="Choices" optional />
              <LanguageChoicesField {...field("choiceTexts")} label="Choices" count={Array.isArray(data.choices) ? data.choices.length : 0} />
            </>
          ) : null}
          <TextField {...field("retryText")} label="Retry text" optional multiline hint="Sent when the answer cannot be understood." />
          <LanguageTextsField {...field("retryTexts")} label="Retry text" />
          <NumberField {...field("maxRetries")} label="Retries before leaving by “invalid”" />
          {data.kind === "number" ? (
            <>
              <NumberField
                {...field("max")}
                label="Largest number accepted"
                hint="Above it (a party too large), the conversation goes to a person."
              />
              <TextField {...field("maxText")} label="Message above the largest" optional multiline hint="{{_max}} is the largest number." />
              <LanguageTextsField {...field("maxTexts")} label="Message above the largest" />
            </>
          ) : null}
        </>
      );
    case "flow":
      return (
        <>
          <FlowNodeFields data={data} onPatch={onPatch} errors={errors} />
          <TextField {...field("text")} label="Message with the Flow's button" multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Message with the Flow's button" />
          <TextField {...field("cta")} label="Button text" optional hint="At most 20 characters; default: the Flow's." />
          <TextField
            {...field("retryText")}
            label="Reminder"
            optional
            multiline
            hint="Sent with the Flow again when the customer writes instead of filling it in."
          />
          <LanguageTextsField {...field("retryTexts")} label="Reminder" />
          <NumberField {...field("maxRetries")} label="Reminders before leaving by “invalid”" />
        </>
      );
    case "condition":
      return (
        <>
          <TextField {...field("variable")} label="Variable" />
          <SelectField {...field("operator")} label="Operator" options={options(conditionOperators)} />
          {data.operator === "exists" ? null : (
            <TextField
              {...field("value")}
              value={data.value === undefined ? "" : String(data.value)}
              onPatch={(key, v) =>
                onPatch(key, (data.operator === "gt" || data.operator === "lt") && v !== "" && Number.isFinite(Number(v)) ? Number(v) : v)
              }
              label="Value"
              hint="Compared as a number for greater/less than."
            />
          )}
        </>
      );
    case "catalog":
      return (
        <>
          <CollectionField value={data.collection} onPatch={onPatch} error={errors("collection")} />
          <TextField {...field("variable")} label="Store the chosen item in" hint="Then {{item.title}} and {{item.price}} work." />
          <TextField {...field("text")} label="Text sent with the options" multiline />
          <LanguageTextsField {...field("texts")} label="Text sent with the options" />
          <NumberField {...field("maxOptions")} label="Options offered (at most)" />
          <SelectField
            {...field("cart")}
            value={data.cart === true ? "yes" : "no"}
            onPatch={(key, v) => onPatch(key, v === "yes" ? true : undefined)}
            label="Cart (several items with quantities)"
            options={[
              { value: "no", label: "no: one item" },
              { value: "yes", label: "yes: a cart" },
            ]}
          />
          {data.cart === true ? (
            <>
              <TextField
                {...field("quantityText")}
                label="Quantity question"
                optional
                multiline
                hint="Asked when an item comes without a quantity; {{item}} is its title."
              />
              <LanguageTextsField {...field("quantityTexts")} label="Quantity question" />
            </>
          ) : null}
          {data.cart === true ? (
            <p className="field-hint">
              The delivery fee, free-delivery threshold and minimum order are the business's: <a href="/business-facts">Settings › Business facts</a>.
            </p>
          ) : null}
        </>
      );
    case "availability":
      return (
        <>
          <TextField {...field("variable")} label="Date-time variable" hint="Captured earlier by a datetime question." />
          <NumberField {...field("slotMinutes")} label="Slot length (minutes)" />
          <NumberField {...field("capacity")} label={data.covers ? "People per slot" : "Bookings per slot"} />
          <TextField
            {...field("covers")}
            label="Count people from"
            optional
            hint="The party-size variable: capacity then counts covers, not bookings."
          />
          <SelectField
            {...field("openingHours")}
            value={data.openingHours === undefined ? "business" : "own"}
            onPatch={(key, v) => onPatch(key, v === "own" ? {} : undefined)}
            label="Opening hours"
            options={[
              { value: "business", label: "the business hours (Settings › Business hours)" },
              { value: "own", label: "this node's own hours" },
            ]}
          />
          {data.openingHours === undefined ? (
            <div className="field-hint">
              Slots follow the <a href="/business-hours">business hours</a>, holidays included.
            </div>
          ) : (
            <OpeningHoursEditor value={data.openingHours} onPatch={onPatch} errors={errors} />
          )}
        </>
      );
    case "service":
      return (
        <>
          <TextField {...field("text")} label="Text sent with the services offered" multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Text sent with the services offered" />
          <TextField {...field("variable")} label="Store the chosen service in" hint="Then {{service}} says its name." />
          <ListField
            {...field("services")}
            label="Only these services"
            optional
            hint="Service ids (svc_…), one per line; empty: every active service. Define them under Services and staff."
          />
          <div className="field-hint">
            The customer names a service in their words, in any of its names (en, pt, es): <a href="/services">Services and staff</a>.
          </div>
        </>
      );
    case "appointment":
      return (
        <>
          <TextField {...field("service")} label="Service variable" hint="Set by a Service node before this one." />
          <TextField {...field("text")} label="Text sent with the free times" multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Text sent with the free times" />
          <TextField {...field("variable")} label="Store the appointment in" hint="Then {{appointment.start}}, {{appointment.staff}} work." />
          <NumberField {...field("maxOptions")} label="Times offered (at most 10)" />
          <NumberField {...field("stepMinutes")} label="Offer a start every (minutes)" />
        </>
      );
    case "record":
      return (
        <>
          <TextField {...field("collection")} label="Record collection" hint="orders, bookings and leads count in analytics." />
          <RecordFieldsEditor value={data.fields} labels={data.labels} onPatch={onPatch} errors={errors} />
        </>
      );
    case "handoff":
      return (
        <>
          <TextField {...field("text")} label="Text" optional multiline hint="Sent before a person takes over." />
          <LanguageTextsField {...field("texts")} label="Text" />
          <TextField {...field("reason")} label="Reason" optional hint="Shown to your team in the inbox." />
        </>
      );
    case "ai":
      return <TextField {...field("instructions")} label="Instructions" optional multiline hint="Extra guidance for this one answer." />;
    case "end":
      return (
        <>
          <TextField {...field("text")} label="Text" optional multiline hint={placeholderHint} />
          <LanguageTextsField {...field("texts")} label="Text" />
        </>
      );
  }
}
