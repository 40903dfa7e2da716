export { bookingKey, merchantSlugSchema } from '@/components/booking/booking-key';
