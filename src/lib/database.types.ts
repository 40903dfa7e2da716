export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  api: {
    Tables: {
      [_ in never]: never;
    };
    Views: {
      [_ in never]: never;
    };
    Functions: {
      accept_reservation_change: {
        Args: { reservation_id: string };
        Returns: Json;
      };
      add_operator: {
        Args: { image_path: string; name: string };
        Returns: Json;
      };
      add_operator_absence: {
        Args: { from_day: string; operator_id: string; to_day: string };
        Returns: Json;
      };
      add_resource: { Args: { name: string }; Returns: Json };
      add_salon_closure: {
        Args: { from_day: string; reason?: string; to_day?: string };
        Returns: Json;
      };
      add_treatment: {
        Args: {
          buffer_minutes?: number;
          description: string;
          duration_minutes: number;
          name: string;
          operator_ids?: string[];
          price: number;
          processing_minutes?: number;
          processing_offset_minutes?: number;
        };
        Returns: Json;
      };
      adjust_credit: {
        Args: { amount: number; client_code: string; reason: string };
        Returns: Json;
      };
      admin_campaign_summaries: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      admin_client_tree: {
        Args: { merchant_slug: string };
        Returns: {
          code: string;
          generation: number;
          id: string;
          name: string;
          sponsor_id: string;
        }[];
      };
      admin_client_tree_columns: {
        Args: { merchant_slug: string };
        Returns: Json;
      };
      admin_client_tree_compact: {
        Args: { merchant_slug: string };
        Returns: Json;
      };
      admin_create_merchant: {
        Args: {
          email: string;
          name: string;
          password: string;
          phone: string;
          website?: string;
        };
        Returns: Json;
      };
      admin_erase_client: { Args: { client_id: string }; Returns: Json };
      admin_erase_client_by_code: {
        Args: { client_code: string; merchant_slug: string };
        Returns: Json;
      };
      admin_list_merchants: {
        Args: Record<PropertyKey, never>;
        Returns: {
          code_prefix: string;
          created_at: string;
          email: string;
          id: string;
          name: string;
          phone: string;
          slug: string;
          website: string;
        }[];
      };
      book_for_client: {
        Args: { client_id: string; date: string; parts: Json; time: string };
        Returns: Json;
      };
      book_reservation: {
        Args: {
          date?: string;
          merchant_slug: string;
          operator_id?: string;
          time?: string;
          treatment_id?: string;
        };
        Returns: Json;
      };
      book_series: {
        Args: {
          client_id: string;
          operator_id?: string;
          starts: string[];
          treatment_id: string;
        };
        Returns: Json;
      };
      book_visit: {
        Args: {
          date?: string;
          merchant_slug: string;
          parts?: Json;
          time?: string;
        };
        Returns: Json;
      };
      bookable_client: { Args: { client_id: string }; Returns: Json };
      bookable_treatments: {
        Args: { merchant_slug: string };
        Returns: {
          description: string;
          duration_minutes: number;
          id: string;
          name: string;
          operators: Json;
          price: number;
        }[];
      };
      booking_calendar: { Args: Record<PropertyKey, never>; Returns: Json };
      booking_dates: { Args: { merchant_slug: string }; Returns: string[] };
      booking_days: {
        Args: { merchant_slug: string };
        Returns: {
          closed: boolean;
          date: string;
        }[];
      };
      booking_settings: { Args: Record<PropertyKey, never>; Returns: Json };
      cancel_reservation: { Args: { reservation_id: string }; Returns: Json };
      cancel_series: {
        Args: { reason: string; reservation_id: string };
        Returns: Json;
      };
      claim_proven_address: { Args: Record<PropertyKey, never>; Returns: Json };
      client_consents: { Args: { merchant_slug: string }; Returns: Json };
      client_credit: { Args: { merchant_slug: string }; Returns: Json };
      client_data_export: { Args: { merchant_slug: string }; Returns: Json };
      client_next_appointment: {
        Args: { merchant_slug: string };
        Returns: Database['api']['CompositeTypes']['reservation_row'][];
        SetofOptions: {
          from: '*';
          to: 'reservation_row';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      client_profile: { Args: { merchant_slug: string }; Returns: Json };
      client_purchases: {
        Args: { merchant_slug: string };
        Returns: {
          created_at: string;
          date: string;
          discount: number;
          id: string;
          net: number;
          spend: number;
        }[];
      };
      client_reservation_sections: {
        Args: { merchant_slug: string };
        Returns: Json;
      };
      client_reservations: {
        Args: { merchant_slug: string };
        Returns: Database['api']['CompositeTypes']['reservation_row'][];
        SetofOptions: {
          from: '*';
          to: 'reservation_row';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      client_tree: {
        Args: { merchant_slug: string };
        Returns: {
          code: string;
          display_name: string;
          generation: number;
          id: string;
          sponsor_id: string;
        }[];
      };
      complete_visit_with_purchase: {
        Args: {
          discount: number;
          receipt_number?: string;
          reservation_id: string;
          spend: number;
        };
        Returns: Json;
      };
      confirm_email_address: { Args: { code: string }; Returns: Json };
      confirm_reservation: {
        Args: { operator_id?: string; reservation_id: string };
        Returns: Json;
      };
      decline_reservation_change: {
        Args: { reservation_id: string };
        Returns: Json;
      };
      delete_operator: { Args: { operator_id: string }; Returns: Json };
      delete_operator_absence: { Args: { absence_id: string }; Returns: Json };
      delete_push_subscription: { Args: { endpoint: string }; Returns: Json };
      delete_reservation: { Args: { reservation_id: string }; Returns: Json };
      delete_resource: { Args: { resource_id: string }; Returns: Json };
      delete_treatment: { Args: { treatment_id: string }; Returns: Json };
      erase_my_account: {
        Args: { confirmation: string; merchant_slug: string };
        Returns: Json;
      };
      find_salons: {
        Args: { query: string };
        Returns: {
          logo_url: string;
          name: string;
          slug: string;
        }[];
      };
      first_free_day: {
        Args: {
          merchant_slug: string;
          operator_id?: string;
          treatment_id: string;
        };
        Returns: string;
      };
      first_visit_reward: { Args: Record<PropertyKey, never>; Returns: Json };
      free_time_periods: {
        Args: {
          date?: string;
          merchant_slug: string;
          operator_id?: string;
          treatment_id: string;
        };
        Returns: {
          period: string;
          times: string[];
        }[];
      };
      free_times: {
        Args: {
          date?: string;
          merchant_slug: string;
          operator_id?: string;
          treatment_id: string;
        };
        Returns: string[];
      };
      get_percentages: { Args: Record<PropertyKey, never>; Returns: Json };
      get_reversal_window: { Args: Record<PropertyKey, never>; Returns: Json };
      join_merchant: {
        Args: {
          email: string;
          marketing_accepted?: boolean;
          merchant_slug: string;
          name: string;
          password?: string;
          phone?: string;
          privacy_accepted?: boolean;
          sponsor_code?: string;
        };
        Returns: Json;
      };
      join_waitlist: {
        Args: {
          from_day?: string;
          merchant_slug: string;
          operator_id?: string;
          period?: string;
          to_day?: string;
          treatment_id?: string;
        };
        Returns: Json;
      };
      leave_waitlist: { Args: { entry_id: string }; Returns: Json };
      list_operators: {
        Args: Record<PropertyKey, never>;
        Returns: {
          created_at: string;
          id: string;
          image_path: string;
          image_url: string;
          name: string;
        }[];
      };
      list_resources: {
        Args: Record<PropertyKey, never>;
        Returns: {
          active: boolean;
          created_at: string;
          id: string;
          name: string;
          treatment_ids: string[];
        }[];
      };
      list_treatments: {
        Args: Record<PropertyKey, never>;
        Returns: {
          buffer_minutes: number;
          created_at: string;
          description: string;
          duration_minutes: number;
          for_all_operators: boolean;
          id: string;
          name: string;
          operator_ids: string[];
          price: number;
          processing_minutes: number;
          processing_offset_minutes: number;
        }[];
      };
      mark_visit: {
        Args: { outcome: string; reservation_id: string };
        Returns: Json;
      };
      merchant_agenda: {
        Args: Record<PropertyKey, never>;
        Returns: Database['api']['CompositeTypes']['reservation_row'][];
        SetofOptions: {
          from: '*';
          to: 'reservation_row';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      merchant_calendar: {
        Args: { day_count?: number; from_day?: string };
        Returns: Json;
      };
      merchant_cancel_reservation: {
        Args: { reason: string; reservation_id: string };
        Returns: Json;
      };
      merchant_client_statistics: {
        Args: { page?: number; page_size?: number };
        Returns: Json;
      };
      merchant_client_tree: {
        Args: Record<PropertyKey, never>;
        Returns: {
          code: string;
          generation: number;
          id: string;
          name: string;
          sponsor_id: string;
        }[];
      };
      merchant_client_tree_columns: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      merchant_client_tree_compact: {
        Args: Record<PropertyKey, never>;
        Returns: Json;
      };
      merchant_clients: {
        Args: { page?: number; page_size?: number; search?: string };
        Returns: Json;
      };
      merchant_daily_summary: {
        Args: { date_from: string; date_to: string };
        Returns: Json;
      };
      merchant_movements: {
        Args: {
          client_code?: string;
          date_from?: string;
          date_to?: string;
          page?: number;
          page_size?: number;
          receipt_number?: string;
        };
        Returns: Json;
      };
      merchant_pending_count: {
        Args: Record<PropertyKey, never>;
        Returns: number;
      };
      merchant_profile: { Args: Record<PropertyKey, never>; Returns: Json };
      merchant_public: { Args: { merchant_slug: string }; Returns: Json };
      merchant_referral_signals: {
        Args: Record<PropertyKey, never>;
        Returns: {
          client_codes: string[];
          client_ids: string[];
          client_names: string[];
          evidence: number;
          explanation: string;
          kind: string;
          total_signals: number;
        }[];
      };
      merchant_reservations: {
        Args: { status?: string };
        Returns: Database['api']['CompositeTypes']['reservation_row'][];
        SetofOptions: {
          from: '*';
          to: 'reservation_row';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      merchant_reservations_page: {
        Args: { after?: string; page_size?: number; section?: string };
        Returns: Json;
      };
      merchant_statistics: { Args: Record<PropertyKey, never>; Returns: Json };
      merchant_visits_to_close: {
        Args: Record<PropertyKey, never>;
        Returns: Database['api']['CompositeTypes']['reservation_row'][];
        SetofOptions: {
          from: '*';
          to: 'reservation_row';
          isOneToOne: false;
          isSetofReturn: true;
        };
      };
      merchant_waitlist: { Args: { day: string }; Returns: Json };
      modify_reservation: {
        Args: {
          date: string;
          note: string;
          reservation_id: string;
          time: string;
        };
        Returns: Json;
      };
      move_reservation: {
        Args: { date: string; reservation_id: string; time: string };
        Returns: Json;
      };
      my_notification_channels: {
        Args: { merchant_slug: string };
        Returns: Json;
      };
      my_waitlist: { Args: { merchant_slug: string }; Returns: Json };
      operator_deletion_impact: { Args: { operator_id: string }; Returns: Json };
      plan_series: {
        Args: {
          client_id: string;
          count: number;
          every_weeks: number;
          first_date: string;
          first_time: string;
          operator_id?: string;
          treatment_id: string;
        };
        Returns: {
          alternative_date: string;
          alternative_starts_at: string;
          alternative_time: string;
          date: string;
          fits: boolean;
          position: number;
          reason: string;
          starts_at: string;
          time: string;
        }[];
      };
      privacy_notice: { Args: Record<PropertyKey, never>; Returns: Json };
      receipt_settings: { Args: Record<PropertyKey, never>; Returns: Json };
      referral_credit_cap: { Args: Record<PropertyKey, never>; Returns: Json };
      register_purchase: {
        Args: {
          client_code: string;
          discount: number;
          receipt_number?: string;
          spend: number;
        };
        Returns: Json;
      };
      reject_reservation: {
        Args: { reason: string; reservation_id: string };
        Returns: Json;
      };
      remove_salon_closure: {
        Args: { from_day: string; to_day?: string };
        Returns: Json;
      };
      resend_address_confirmation: {
        Args: { merchant_slug: string };
        Returns: Json;
      };
      reservation_free_operators: {
        Args: { reservation_id: string };
        Returns: {
          busy_minutes: number;
          id: string;
          image_url: string;
          name: string;
          proposed: boolean;
        }[];
      };
      reservation_ics: { Args: { reservation_id: string }; Returns: string };
      reservation_whatsapp: { Args: { reservation_id: string }; Returns: Json };
      reverse_purchase: {
        Args: { movement_id: string; reason: string; receipt_number?: string };
        Returns: Json;
      };
      salon_public_page: { Args: { merchant_slug: string }; Returns: Json };
      salon_whatsapp: { Args: { merchant_slug: string }; Returns: Json };
      save_push_subscription: {
        Args: { auth: string; endpoint: string; p256dh: string };
        Returns: Json;
      };
      set_booking_emails: {
        Args: {
          new_request_emails: boolean;
          reminder_emails: boolean;
          second_reminder_emails?: boolean;
        };
        Returns: Json;
      };
      set_cancellation_notice: { Args: { hours: number }; Returns: Json };
      set_first_visit_reward: { Args: { amount: number }; Returns: Json };
      set_marketing_consent: {
        Args: { granted: boolean; merchant_slug: string };
        Returns: Json;
      };
      set_max_open_requests: { Args: { requests: number }; Returns: Json };
      set_moves_confirmed_at_once: { Args: { enabled: boolean }; Returns: Json };
      set_my_notification_channels: {
        Args: { email: boolean; merchant_slug: string; push: boolean };
        Returns: Json;
      };
      set_no_show_alert_threshold: {
        Args: { threshold: number };
        Returns: Json;
      };
      set_opening_hours: { Args: { hours: Json }; Returns: Json };
      set_operator_hours: {
        Args: { hours: Json; operator_id: string };
        Returns: Json;
      };
      set_percentages: {
        Args: {
          personal: number;
          sponsor1: number;
          sponsor2: number;
          sponsor3: number;
        };
        Returns: Json;
      };
      set_receipt_number_required: {
        Args: { required: boolean };
        Returns: Json;
      };
      set_referral_credit_cap: { Args: { cap: number }; Returns: Json };
      set_reversal_window: { Args: { days: number }; Returns: Json };
      set_salon_address: { Args: { address: string }; Returns: Json };
      set_salon_closure: {
        Args: { closed?: boolean; day: string };
        Returns: Json;
      };
      set_treatment_resources: {
        Args: { resource_ids: string[]; treatment_id: string };
        Returns: Json;
      };
      sponsor_preview: {
        Args: { merchant_slug: string; sponsor_code: string };
        Returns: Json;
      };
      update_client_phone: {
        Args: { merchant_slug: string; phone: string };
        Returns: Json;
      };
      update_operator: {
        Args: { image_path?: string; name: string; operator_id: string };
        Returns: Json;
      };
      update_resource: {
        Args: { active?: boolean; name: string; resource_id: string };
        Returns: Json;
      };
      update_treatment: {
        Args: {
          buffer_minutes?: number;
          description: string;
          duration_minutes: number;
          name: string;
          operator_ids?: string[];
          price: number;
          processing_minutes?: number;
          processing_offset_minutes?: number;
          treatment_id: string;
        };
        Returns: Json;
      };
      visit_free_times: {
        Args: { date: string; merchant_slug: string; parts: Json };
        Returns: Json;
      };
      visit_purchase_draft: { Args: { reservation_id: string }; Returns: Json };
      whoami: { Args: Record<PropertyKey, never>; Returns: Json };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      reservation_row: {
        id: string | null;
        client_id: string | null;
        client_name: string | null;
        client_code: string | null;
        treatment_id: string | null;
        treatment_name: string | null;
        operator_id: string | null;
        operator_name: string | null;
        date: string | null;
        time: string | null;
        duration_minutes: number | null;
        status: string | null;
        notes: string | null;
        starts_at: string | null;
        ends_at: string | null;
        created_at: string | null;
        updated_at: string | null;
        actions: string[] | null;
      };
    };
  };
};

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>;

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, 'api'>];

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    keyof (DefaultSchema['Tables'] & DefaultSchema['Views']) | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Views'])[TableName] extends {
      Row: infer R;
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])
    ? (DefaultSchema['Tables'] & DefaultSchema['Views'])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R;
      }
      ? R
      : never
    : never;

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Insert: infer I;
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I;
      }
      ? I
      : never
    : never;

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema['Tables'] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables']
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions['schema']]['Tables'][TableName] extends {
      Update: infer U;
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U;
      }
      ? U
      : never
    : never;

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema['Enums'] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums']
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions['schema']]['Enums'][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][DefaultSchemaEnumNameOrOptions]
    : never;

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    keyof DefaultSchema['CompositeTypes'] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals;
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes']
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals;
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions['schema']]['CompositeTypes'][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][PublicCompositeTypeNameOrOptions]
    : never;

export const Constants = {
  api: {
    Enums: {},
  },
} as const;
