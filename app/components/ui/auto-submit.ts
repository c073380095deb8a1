/**
 * Filter forms submit themselves when a checkbox, radio or select changes (with JavaScript), but
 * not while the shopper types in a text or price field: those submit with Enter or the button, so
 * typing "40" never navigates at "4" and steals the focus.
 */
import type { FormEvent } from "react";
import type { SubmitFunction } from "react-router";

/** An `onChange` handler for a GET filter form. */
export function submitOnChoice(submit: SubmitFunction) {
  return (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const isChoice = target.tagName === "SELECT" || target.type === "checkbox" || target.type === "radio";
    if (isChoice) void submit(event.currentTarget);
  };
}
