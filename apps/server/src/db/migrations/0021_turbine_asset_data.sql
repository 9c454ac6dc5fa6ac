ALTER TABLE "turbines" ADD COLUMN "coordinates_unreadable" varchar(64);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "manufacturer" varchar(120);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "model" varchar(120);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "rated_power_kw" double precision;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "hub_height_m" double precision;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "rotor_diameter_m" double precision;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "blade_length_m" double precision;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "blade_type" varchar(120);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "commissioning_date" date;--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "blade_serial_a" varchar(80);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "blade_serial_b" varchar(80);--> statement-breakpoint
ALTER TABLE "turbines" ADD COLUMN "blade_serial_c" varchar(80);