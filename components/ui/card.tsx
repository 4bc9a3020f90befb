import type { HTMLAttributes, ReactNode } from "react";

export function Card({
  title,
  actions,
  children,
  className,
  bodyClassName,
  ...rest
}: HTMLAttributes<HTMLElement> & { title?: ReactNode; actions?: ReactNode; bodyClassName?: string }) {
  return (
    <section className={["card", className].filter(Boolean).join(" ")} {...rest}>
      {title || actions ? (
        <header className="card-header">
          {typeof title === "string" ? <h2>{title}</h2> : title}
          {actions ? (
            <div style={{ marginLeft: "auto" }} className="row">
              {actions}
            </div>
          ) : null}
        </header>
      ) : null}
      <div className={["card-body", bodyClassName].filter(Boolean).join(" ")}>{children}</div>
    </section>
  );
}
