// The dashboard's UI kit: import from "@/components/ui".
export { Badge, type BadgeTone } from "./badge";
export { Button, type ButtonProps } from "./button";
export { Card } from "./card";
export { ConfirmDialog, Dialog } from "./dialog";
export { describedBy, Field } from "./field";
export { Input } from "./input";
export { PageHeader } from "./page-header";
export { Select, type SelectOption } from "./select";
export { LoadingState, Skeleton, Spinner } from "./spinner";
export { EmptyState, ErrorState } from "./states";
export { type Column, Table } from "./table";
export { type TabItem, Tabs } from "./tabs";
export { Textarea } from "./textarea";
export { ToastProvider, useToast } from "./toast";
