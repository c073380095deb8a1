export default function ShoppingCart() {
  return null;
}
